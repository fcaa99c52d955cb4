import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseCookies, routeRequest } from '../stacks/spa-routing';

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
 * Serves the built SPA like the CDN does, with the CDN's own routing function: `/` gets the
 * landing page prerendered in the visitor's language, other routes the empty shell app.html,
 * hashed assets cached long.
 */
export function createStaticWeb(rootDir: string) {
  const root = resolve(rootDir);
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`No built SPA at ${root}: run \`npm run build:web\` first.`);

  return function serve(pathname: string, req: IncomingMessage, res: ServerResponse) {
    const routed = routeRequest(pathname, parseCookies(req.headers.cookie));
    const file = normalize(join(root, decodeURIComponent(routed === '/' ? '/index.html' : routed)));
    const inside = file.startsWith(root + sep);
    if (!inside || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const immutable = routed.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(file).pipe(res);
  };
}
