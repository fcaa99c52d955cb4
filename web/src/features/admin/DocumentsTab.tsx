import type { DocumentRecord } from '@shared/api';
import { hasExpiry } from '@shared/document-clocks';
import {
  ADMIN_REPLACE_EXTENSIONS,
  extensionOf,
  isAllowedExtension,
  MAX_DOCUMENT_BYTES,
} from '@shared/documents';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ExpiryInfo } from '../../components/ExpiryInfo';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { ResponsiveList } from '../../components/ResponsiveList';
import { tabId } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { documentName } from '../../lib/document-names';
import { ApiError, serverMessage } from '../../lib/errors';
import { focusIsLost } from '../../lib/focus';
import { formatBytes, formatDate } from '../../lib/format';
import { useDeleteDocument, useDocumentLink, useReplaceDocument, useUpdateDocumentExpiry } from './api';

const ACCEPT = ADMIN_REPLACE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * Sets or corrects a document's expiry date. The server checks it (not more than 15 years
 * ahead; a required date cannot be cleared) and its field message shows under the input.
 */
function ExpiryForm({ userId, document }: { userId: string; document: DocumentRecord }) {
  const { t } = useTranslation();
  const updateExpiry = useUpdateDocumentExpiry(userId);
  const [value, setValue] = useState(document.expires_on ?? '');
  const [error, setError] = useState<string | undefined>();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await updateExpiry.mutateAsync({ documentId: document.id, expires_on: value || null });
      toast.success(t('expiry.saved'));
    } catch (error) {
      setError(error instanceof ApiError ? error.fields?.expires_on : undefined);
      toast.error(serverMessage(error, t('expiry.saveFailed')));
    }
  };

  return (
    <form noValidate onSubmit={save} className="mt-3 flex flex-wrap items-end gap-2">
      <TextField
        type="date"
        label={t('expiry.date')}
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={updateExpiry.isPending}
        aria-label={t('admin.documents.saveExpiryOf', { name: documentName(t, document) })}
      >
        {t('admin.documents.saveExpiry')}
      </Button>
    </form>
  );
}

/** One document's actions (preview, download, replace, delete), in its row or on its card. */
function DocumentActions({ userId, document }: { userId: string; document: DocumentRecord }) {
  const { t } = useTranslation();
  const replaceDocument = useReplaceDocument(userId);
  const deleteDocument = useDeleteDocument(userId);
  const documentLink = useDocumentLink(userId);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const title = documentName(t, document);

  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(serverMessage(error, t(failure)));
    } finally {
      setBusy(false);
    }
  };

  // Not through `run`: the button keeps focus while the link loads, so the preview dialog
  // hands focus back to it when it closes.
  const showPreview = async () => {
    try {
      setPreview((await documentLink.mutateAsync({ documentId: document.id, disposition: 'inline' })).url);
    } catch (error) {
      toast.error(serverMessage(error, t('admin.documents.previewFailed')));
    }
  };

  const replace = (file: File) =>
    run(async () => {
      if (!isAllowedExtension(file.name, ADMIN_REPLACE_EXTENSIONS))
        throw new Error(t('admin.documents.replaceFormats'));
      if (file.size > MAX_DOCUMENT_BYTES) throw new Error(t('onboarding.documents.tooLarge'));
      await replaceDocument.mutateAsync({ documentId: document.id, file });
      toast.success(t('admin.documents.replaced'));
    }, 'admin.documents.replaceFailed');

  const remove = () =>
    run(async () => {
      if (!window.confirm(t('admin.documents.deleteConfirm', { name: document.file_name }))) return;
      await deleteDocument.mutateAsync(document.id);
      toast.success(t('admin.documents.deleted'));
    }, 'admin.documents.deleteFailed');

  const isImage = ['png', 'jpg', 'jpeg'].includes(extensionOf(document.file_name) ?? '');
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={busy} onClick={showPreview}>
          {t('admin.documents.preview')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const link = await documentLink.mutateAsync({
                documentId: document.id,
                disposition: 'attachment',
              });
              window.location.assign(link.url);
            }, 'admin.documents.downloadFailed')
          }
        >
          {t('admin.documents.download')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={`${t('admin.documents.replace')} ${title}`}
          onClick={() => input.current?.click()}
        >
          {t('admin.documents.replace')}
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          aria-label={`${t('admin.documents.delete')} ${title}`}
          onClick={remove}
        >
          {t('admin.documents.delete')}
        </Button>
        <HiddenFileInput
          ref={input}
          accept={ACCEPT}
          data-replace-document={document.document_type}
          onFile={(file) => void replace(file)}
        />
      </div>
      {hasExpiry(document.document_type) && <ExpiryForm userId={userId} document={document} />}
      <Dialog
        open={!!preview}
        title={t('admin.documents.previewTitle', { name: document.file_name })}
        onClose={() => setPreview(null)}
      >
        {preview &&
          (isImage ? (
            <img src={preview} alt={document.file_name} className="max-h-[70vh] w-full object-contain" />
          ) : (
            <iframe src={preview} title={document.file_name} className="h-[70vh] w-full rounded border" />
          ))}
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" onClick={() => setPreview(null)}>
            {t('admin.documents.close')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** A customer's documents: a table on wide screens, a card per document on narrow ones. */
export function DocumentsTab({ userId, documents }: { userId: string; documents: DocumentRecord[] }) {
  const { t, i18n } = useTranslation();
  const count = useRef(documents.length);
  // A deleted document takes its buttons, and focus, with it: focus goes back to the tab.
  useEffect(() => {
    if (documents.length < count.current && focusIsLost())
      document.getElementById(tabId('documents'))?.focus();
    count.current = documents.length;
  }, [documents.length]);
  if (documents.length === 0) return <p className="text-slate-600">{t('admin.documents.empty')}</p>;
  const title = (d: DocumentRecord) => documentName(t, d);
  return (
    <ResponsiveList
      items={documents}
      itemKey={(d) => d.id}
      alignTop
      heading={{ label: t('admin.documents.type'), level: 2, cell: title }}
      columns={[
        // A long name wraps, between words where it can; it keeps a readable width.
        {
          label: t('admin.documents.name'),
          cell: (d) => d.file_name,
          wide: true,
          className: 'min-w-48 wrap-anywhere',
        },
        {
          label: t('admin.documents.size'),
          cell: (d) => formatBytes(d.file_size, i18n.language),
          className: 'whitespace-nowrap',
        },
        {
          label: t('admin.documents.uploaded'),
          cell: (d) => formatDate(d.uploaded_at, true),
          className: 'whitespace-nowrap',
        },
        {
          label: t('expiry.expiresOn'),
          cell: (d) => <ExpiryInfo document={d} />,
          className: 'min-w-36',
        },
      ]}
      actions={{
        label: t('admin.users.actions'),
        render: (d) => <DocumentActions userId={userId} document={d} />,
      }}
    />
  );
}
