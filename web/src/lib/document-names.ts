import { isDocumentType } from '@shared/documents';
import type { TFunction } from 'i18next';

/**
 * A document's name as people read it: onboarding's three as their cards name them, every
 * other type by its name in `documentTypes`; an `other` document with the title its customer
 * gave it.
 */
export function documentName(
  t: TFunction,
  document: { document_type: string; title?: string | null },
): string {
  const type = isDocumentType(document.document_type)
    ? t(`onboarding.documents.types.${document.document_type}.title`)
    : t(`documentTypes.${document.document_type}`);
  return document.title ? `${type}: ${document.title}` : type;
}
