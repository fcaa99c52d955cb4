import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LANGUAGE_KEY } from '@shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressible, negotiateEncoding } from './compression';
import { createStaticWeb } from './static-web';

describe('negotiateEncoding (Accept-Encoding, as CloudFront reads it)', () => {
  it('prefers brotli, falls back to gzip, else sends the file as it is', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('GZIP')).toBe('gzip');
    expect(negotiateEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('honours q=0 refusals and the * wildcard', () => {
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });

  it('compresses text types from 1,000 bytes, never images or fonts', () => {
    expect(compressible('text/javascript; charset=utf-8', 1000)).toBe(true);
    expect(compressible('text/html; charset=utf-8', 999)).toBe(false);
    expect(compressible('application/json; charset=utf-8', 5000)).toBe(true);
    expect(compressible('image/svg+xml', 5000)).toBe(true);
    expect(compressible('image/png', 5000)).toBe(false);
    expect(compressible('font/woff2', 5000)).toBe(false);
  });
});

describe('the local static server', () => {
  let dist: string;
  let server: Server;
  let origin: string;
  const script = `export const words = ${JSON.stringify('lorem ipsum dolor '.repeat(400))};\n`;
  const loginPage = `<!doctype html><h1>login</h1>${'<p>form</p>'.repeat(200)}`;
  const picture = Buffer.alloc(4000, 7);

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'static-web-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'images'));
    writeFileSync(join(dist, 'index.html'), `<!doctype html>${'<p>landing</p>'.repeat(200)}`);
    writeFileSync(join(dist, 'login.html'), loginPage);
    writeFileSync(join(dist, 'login.de.html'), `<!doctype html><h1>anmelden</h1>${'<p>x</p>'.repeat(200)}`);
    writeFileSync(join(dist, 'app.html'), '<!doctype html><div id="root"></div><!-- shell -->');
    writeFileSync(join(dist, '404.html'), '<!doctype html><div id="root"></div><!-- not found -->');
    writeFileSync(join(dist, 'boot.js'), 'import("/assets/app.js");\n');
    writeFileSync(join(dist, 'assets', 'app.js'), script);
    writeFileSync(join(dist, 'images', 'photo.png'), picture);
    const serve = createStaticWeb(dist);
    server = createServer((req, res) => void serve(new URL(req.url ?? '/', 'http://x').pathname, req, res));
    await new Promise<void>((resolve) => server.listen(0, resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  /** The raw response: node:http decodes nothing, so the bytes are what went over the wire. */
  const fetchRaw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${origin}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });

  it('sends brotli when the browser accepts it, with its length and Vary', async () => {
    const response = await fetchRaw('/assets/app.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the file as it is to one without either', async () => {
    const zipped = await fetchRaw('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).toString()).toBe(script);

    const plain = await fetchRaw('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script));
    expect(plain.body.toString()).toBe(script);
  });

  it('compresses the routed page the language cookie picks', async () => {
    const english = await fetchRaw('/login', { 'accept-encoding': 'br' });
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(english.body).toString()).toBe(loginPage);
    const german = await fetchRaw('/login', { 'accept-encoding': 'br', cookie: `${LANGUAGE_KEY}=de` });
    expect(brotliDecompressSync(german.body).toString()).toContain('anmelden');
  });

  it('leaves small files and images as they are, as CloudFront does', async () => {
    const boot = await fetchRaw('/boot.js', { 'accept-encoding': 'br, gzip' });
    expect(boot.headers['content-encoding']).toBeUndefined();
    expect(boot.headers.vary).toBeUndefined();
    expect(boot.body.toString()).toBe('import("/assets/app.js");\n');
    const image = await fetchRaw('/images/photo.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(Number(image.headers['content-length'])).toBe(picture.length);
    expect(image.body.equals(picture)).toBe(true);
  });

  it("answers the SPA's routes with the shell, and an unknown route with the 404 page and status 404", async () => {
    for (const path of ['/dashboard', '/admin/users/abc', '/privacy/']) {
      const known = await fetchRaw(path);
      expect(known.status, path).toBe(200);
      expect(known.body.toString(), path).toContain('shell');
    }
    for (const path of ['/no-such-page', '/admin/users/abc/more']) {
      const unknown = await fetchRaw(path, { 'accept-encoding': 'br' });
      expect(unknown.status, path).toBe(404);
      expect(unknown.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(unknown.body.toString(), path).toContain('not found');
    }
  });

  it('answers a missing file or a path outside the build with 404', async () => {
    expect((await fetchRaw('/assets/missing.js', { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await fetchRaw('/assets/..%2f..%2fetc%2fpasswd')).status).toBe(404);
  });
});
