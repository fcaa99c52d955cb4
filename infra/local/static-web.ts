import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseCookies, responseStatus, routeRequest } from '../stacks/spa-routing';
import { compressedFiles, compressible, negotiateEncoding } from './compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const typeOf = (file: string) => TYPES[extname(file)] ?? 'application/octet-stream';

/** Every file under a folder. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Serves the built SPA like the CDN does, with the CDN's own routing functions (`/`, `/login`
 * and `/signup` prerendered in the visitor's language, other routes the empty shell app.html,
 * a path that is no route the 404 page with status 404) and its compression (brotli or gzip as the browser accepts, text files of 1,000 bytes and
 * more), hashed assets cached long.
 */
export function createStaticWeb(rootDir: string) {
  const root = resolve(rootDir);
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`No built SPA at ${root}: run \`npm run build:web\` first.`);
  const compressed = compressedFiles();
  const versionOf = (stats: { mtimeMs: number; size: number }) => `${stats.mtimeMs}:${stats.size}`;

  // Compressed ahead, one file at a time, so the first visitor of each file does not wait for
  // brotli (as CloudFront's edge, for a file many visitors ask for, has it at hand).
  void (async () => {
    for (const file of filesUnder(root)) {
      const stats = statSync(file, { throwIfNoEntry: false });
      if (!stats || !compressible(typeOf(file), stats.size)) continue;
      for (const encoding of ['br', 'gzip'] as const) {
        await compressed(file, versionOf(stats), encoding).catch(() => undefined);
      }
    }
  })();

  return async function serve(pathname: string, req: IncomingMessage, res: ServerResponse) {
    const routed = routeRequest(pathname, parseCookies(req.headers.cookie));
    const file = normalize(join(root, decodeURIComponent(routed === '/' ? '/index.html' : routed)));
    const inside = file.startsWith(root + sep);
    const stats = inside ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!stats?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    // As CloudFront runs the viewer-response function: on the file found, with the request
    // the viewer-request function rewrote.
    const status = responseStatus(routed, 200);
    const type = typeOf(file);
    const headers: Record<string, string | number> = {
      'content-type': type,
      'cache-control': routed.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (compressible(type, stats.size)) {
      headers.vary = 'Accept-Encoding';
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (encoding) {
        const body = await compressed(file, versionOf(stats), encoding);
        res.writeHead(status, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
        res.end(body);
        return;
      }
    }
    res.writeHead(status, { ...headers, 'content-length': stats.size });
    createReadStream(file).pipe(res);
  };
}
