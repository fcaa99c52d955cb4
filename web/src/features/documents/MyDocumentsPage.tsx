import type { DocumentRecord } from '@shared/api';
import { hasExpiry } from '@shared/document-clocks';
import { homePathFor } from '@shared/roles';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AppHeader } from '../../components/AppHeader';
import { Button, buttonClass } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ExpiryInfo } from '../../components/ExpiryInfo';
import { PageHeading } from '../../components/PageHeading';
import { ResponsiveList } from '../../components/ResponsiveList';
import { PageLoading } from '../../components/Spinner';
import { documentName } from '../../lib/document-names';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useMyDocuments } from '../../lib/my-documents';
import { useOnError } from '../../lib/on-error';
import { useDeleteMyDocument } from './api';
import { ExpiryForm } from './ExpiryForm';
import { UploadForm } from './UploadForm';

/** What the page's dialog is open for. */
type Open = { kind: 'upload' } | { kind: 'replace' | 'expiry' | 'delete'; document: DocumentRecord } | null;

/** The confirmation before a document is deleted (file and record, for good). */
function DeleteConfirm({ document, onDone }: { document: DocumentRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const deleteDocument = useDeleteMyDocument();
  const confirm = async () => {
    try {
      await deleteDocument.mutateAsync(document.id);
      toast.success(t('myDocuments.deleted'));
      onDone();
    } catch (error) {
      toast.error(serverMessage(error, t('myDocuments.deleteFailed')));
    }
  };
  return (
    <>
      <p className="text-slate-700">
        {t('myDocuments.deleteBody', { name: documentName(t, document), file: document.file_name })}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={deleteDocument.isPending}>
          {t('myDocuments.cancel')}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={deleteDocument.isPending}>
          {t('myDocuments.delete')}
        </Button>
      </div>
    </>
  );
}

/** A document's actions, in its row or on its card: Replace, Edit expiry date, Delete. */
function Actions({ document, open }: { document: DocumentRecord; open: (next: Open) => void }) {
  const { t } = useTranslation();
  const name = documentName(t, document);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        aria-label={t('myDocuments.replaceOf', { name })}
        onClick={() => open({ kind: 'replace', document })}
      >
        {t('myDocuments.replace')}
      </Button>
      {hasExpiry(document.document_type) && (
        <Button
          variant="secondary"
          aria-label={t('myDocuments.editExpiryOf', { name })}
          onClick={() => open({ kind: 'expiry', document })}
        >
          {t('myDocuments.editExpiry')}
        </Button>
      )}
      <Button
        variant="danger"
        aria-label={t('myDocuments.deleteOf', { name })}
        onClick={() => open({ kind: 'delete', document })}
      >
        {t('myDocuments.delete')}
      </Button>
    </div>
  );
}

function DocumentList({ documents, open }: { documents: DocumentRecord[]; open: (next: Open) => void }) {
  const { t } = useTranslation();
  if (documents.length === 0) return <p className="text-slate-600">{t('myDocuments.empty')}</p>;
  return (
    <ResponsiveList
      items={documents}
      itemKey={(d) => d.id}
      alignTop
      heading={{ label: t('myDocuments.document'), level: 2, cell: (d) => documentName(t, d) }}
      columns={[
        {
          label: t('myDocuments.fileName'),
          cell: (d) => d.file_name,
          wide: true,
          className: 'min-w-40 wrap-anywhere',
        },
        {
          label: t('myDocuments.uploaded'),
          cell: (d) => formatDate(d.uploaded_at),
          className: 'whitespace-nowrap',
        },
        { label: t('expiry.expiresOn'), cell: (d) => <ExpiryInfo document={d} />, className: 'min-w-36' },
      ]}
      actions={{ label: t('myDocuments.actions'), render: (d) => <Actions document={d} open={open} /> }}
    />
  );
}

/**
 * /documents (docs/product.md#documents-with-expiry): every document of the customer, with its
 * expiry date and state; upload of any type, replace, change an expiry date, delete.
 */
export default function MyDocumentsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const list = useMyDocuments();
  const [open, setOpen] = useState<Open>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  useOnError(me, (error) => toast.error(serverMessage(error, t('errors.loadProfile'))));
  useOnError(list, (error) => toast.error(serverMessage(error, t('myDocuments.loadFailed'))));

  if (!me.data) return <PageLoading />;
  // The customer's documents are theirs once onboarded (as the dashboard); the team has none.
  const home = homePathFor({ role: me.data.role, onboardingCompleted: me.data.profile.onboarding_completed });
  if (home !== '/dashboard') return <Navigate to={home} replace />;

  const close = () => setOpen(null);
  const documents = list.data ?? [];
  const title =
    open?.kind === 'upload'
      ? t('myDocuments.upload')
      : open?.kind === 'replace'
        ? t('myDocuments.replaceOf', { name: documentName(t, open.document) })
        : open?.kind === 'expiry'
          ? t('myDocuments.editExpiryOf', { name: documentName(t, open.document) })
          : t('myDocuments.deleteTitle');

  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader profile={me.data.profile} />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <Link to="/dashboard" className={buttonClass('ghost', '-ml-2')}>
          <span aria-hidden="true">←</span> {t('messages.backToDashboard')}
        </Link>
        <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
          <div>
            <PageHeading className="text-3xl">{t('myDocuments.title')}</PageHeading>
            <p className="mt-1 text-slate-600">{t('myDocuments.intro')}</p>
          </div>
          <Button ref={uploadButton} disabled={!list.data} onClick={() => setOpen({ kind: 'upload' })}>
            {t('myDocuments.upload')}
          </Button>
        </div>
        <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          {list.isPending ? (
            <p role="status" className="text-slate-600">
              {t('common.loading')}
            </p>
          ) : list.isError ? (
            <div className="flex flex-col items-start gap-3">
              <p className="text-slate-700">{t('myDocuments.loadFailed')}</p>
              <Button variant="secondary" onClick={() => void list.refetch()}>
                {t('dashboard.retry')}
              </Button>
            </div>
          ) : (
            <DocumentList documents={documents} open={setOpen} />
          )}
        </section>
      </main>
      {/* A deleted document takes its buttons with it: focus goes back to Upload. */}
      <Dialog open={open !== null} title={title} onClose={close} returnFocus={() => uploadButton.current}>
        {open?.kind === 'upload' && <UploadForm documents={documents} replacing={null} onDone={close} />}
        {open?.kind === 'replace' && (
          <UploadForm key={open.document.id} documents={documents} replacing={open.document} onDone={close} />
        )}
        {open?.kind === 'expiry' && (
          <ExpiryForm key={open.document.id} document={open.document} onDone={close} />
        )}
        {open?.kind === 'delete' && <DeleteConfirm document={open.document} onDone={close} />}
      </Dialog>
    </div>
  );
}
