// Compression of the built SPA's text files as CloudFront applies it on AWS (the Web stack's
// behaviours compress, with the CachingOptimized policy's gzip and brotli), so the local stack
// serves the same bytes over the wire and `npm run bench:web` measures what visitors get.

import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** CloudFront compresses objects of 1,000 bytes up to 10 MB, and nothing smaller. */
export const MIN_COMPRESSED_BYTES = 1000;
const MAX_COMPRESSED_BYTES = 10_000_000;

/** Text types (html, js, css, json, svg, txt): images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;

/** Whether a response of this type and size is compressed for a viewer that accepts it. */
export function compressible(contentType: string, size: number): boolean {
  return COMPRESSIBLE.test(contentType) && size >= MIN_COMPRESSED_BYTES && size <= MAX_COMPRESSED_BYTES;
}

/**
 * The encoding for an Accept-Encoding header: brotli when accepted, as CloudFront prefers it,
 * else gzip, else none (a coding with q=0 is refused, `*` stands for any coding not named).
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: Encoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

const encoders: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};

/**
 * Compressed copies of files, made once per file version (zlib's default levels, off the main
 * thread) and kept in memory: the build's text files come to a few hundred KB. A file that
 * changed (a new build) replaces its old copies.
 */
export function compressedFiles() {
  const cache = new Map<string, { version: string; bodies: Map<Encoding, Promise<Buffer>> }>();
  return function compressed(file: string, version: string, encoding: Encoding): Promise<Buffer> {
    let entry = cache.get(file);
    if (entry?.version !== version) {
      entry = { version, bodies: new Map() };
      cache.set(file, entry);
    }
    const { bodies } = entry;
    let body = bodies.get(encoding);
    if (!body) {
      body = readFile(file).then(encoders[encoding]);
      // A failure (the file went away mid-build) is not remembered.
      body.catch(() => bodies.delete(encoding));
      bodies.set(encoding, body);
    }
    return body;
  };
}
