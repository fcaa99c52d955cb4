import type { DocumentRecord } from '@shared/api';
import {
  ADMIN_REPLACE_EXTENSIONS,
  extensionOf,
  isAllowedExtension,
  MAX_DOCUMENT_BYTES,
} from '@shared/documents';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TableHead } from '../../components/TableHead';
import { serverMessage } from '../../lib/errors';
import { formatBytes, formatDate } from '../../lib/format';
import { documentLink, useDeleteDocument, useReplaceDocument } from './api';

const ACCEPT = ADMIN_REPLACE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function DocumentRow({ userId, document }: { userId: string; document: DocumentRecord }) {
  const { t, i18n } = useTranslation();
  const replaceDocument = useReplaceDocument(userId);
  const deleteDocument = useDeleteDocument(userId);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const title = t(`onboarding.documents.types.${document.document_type}.title`);

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
    <tr className="border-t border-slate-100 align-top">
      <td className="py-2 pr-4">{title}</td>
      <td className="py-2 pr-4 break-all">{document.file_name}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{formatBytes(document.file_size, i18n.language)}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{formatDate(document.uploaded_at, true)}</td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(
                async () => setPreview((await documentLink(document.id, 'inline')).url),
                'admin.documents.previewFailed',
              )
            }
          >
            {t('admin.documents.preview')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(async () => {
                window.location.assign((await documentLink(document.id, 'attachment')).url);
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
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="hidden"
            tabIndex={-1}
            data-replace-document={document.document_type}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void replace(file);
            }}
          />
        </div>
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
      </td>
    </tr>
  );
}

export function DocumentsTab({ userId, documents }: { userId: string; documents: DocumentRecord[] }) {
  const { t } = useTranslation();
  if (documents.length === 0) return <p className="text-slate-600">{t('admin.documents.empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <TableHead
          labels={(['type', 'name', 'size', 'uploaded'] as const).map((c) => t(`admin.documents.${c}`))}
          actionsLabel={t('admin.users.actions')}
        />
        <tbody>
          {documents.map((d) => (
            <DocumentRow key={`${d.id}-${d.file_path}`} userId={userId} document={d} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
