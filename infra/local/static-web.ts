import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

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

/**
 * Serves the built SPA like the CDN does: hashed assets cached long; `/` gets index.html
 * (the prerendered landing page), every other route the empty shell app.html.
 */
export function createStaticWeb(rootDir: string) {
  const root = resolve(rootDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) throw new Error(`No built SPA at ${root}: run \`npm run build:web\` first.`);
  const shell = existsSync(join(root, 'app.html')) ? join(root, 'app.html') : index;

  return function serve(pathname: string, res: ServerResponse) {
    const candidate = normalize(join(root, decodeURIComponent(pathname)));
    const inside = candidate === root || candidate.startsWith(root + sep);
    const isFile = inside && existsSync(candidate) && statSync(candidate).isFile();
    const file = isFile && pathname !== '/' ? candidate : pathname === '/' ? index : shell;
    if (!isFile && extname(pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const immutable = isFile && pathname.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  };
}
