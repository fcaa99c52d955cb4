// Document rules (docs/product.md#documents): types, formats, the 10 MB limit, content signatures.
export const DOCUMENT_TYPES = ['passport', 'employment_contract', 'rental_agreement'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const REQUIRED_DOCUMENT_TYPES: readonly DocumentType[] = ['passport', 'employment_contract'];

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const ONBOARDING_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'] as const;
export const ADMIN_REPLACE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export type DocumentExtension = (typeof ONBOARDING_EXTENSIONS)[number];

export const CONTENT_TYPES: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Lower-case extension of a file name, or null when it has none. */
export function extensionOf(fileName: string): string | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

export function isAllowedExtension(fileName: string, allowed: readonly string[] = ONBOARDING_EXTENSIONS) {
  const ext = extensionOf(fileName);
  return ext !== null && allowed.includes(ext);
}

// The first bytes each format must start with (a renamed .exe is none of them).
const SIGNATURES: Record<DocumentExtension, number[][]> = {
  pdf: [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  png: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  jpg: [[0xff, 0xd8, 0xff]],
  jpeg: [[0xff, 0xd8, 0xff]],
  doc: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]], // OLE2 compound file
  docx: [[0x50, 0x4b, 0x03, 0x04]], // ZIP (Office Open XML)
};

/** Whether the file's first bytes match its extension. */
export function contentMatchesExtension(extension: string, head: Uint8Array): boolean {
  const signatures = SIGNATURES[extension as DocumentExtension];
  return !!signatures?.some((signature) => signature.every((byte, i) => head[i] === byte));
}

export const SIGNATURE_BYTES = 8;

export function hasRequiredDocuments(types: readonly string[]): boolean {
  return REQUIRED_DOCUMENT_TYPES.every((type) => types.includes(type));
}

/** Newest upload first (how every list of documents is shown). */
export const newestFirst = <T extends { uploaded_at: string }>(documents: readonly T[]): T[] =>
  [...documents].sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at));
