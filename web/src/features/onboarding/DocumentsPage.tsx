import type { DocumentRecord } from '@shared/api';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  hasRequiredDocuments,
  isAllowedExtension,
  MAX_DOCUMENT_BYTES,
  ONBOARDING_EXTENSIONS,
  REQUIRED_DOCUMENT_TYPES,
} from '@shared/documents';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { HiddenFileInput } from '../../components/HiddenFileInput';
import { PageLoading } from '../../components/Spinner';
import { UploadProgress } from '../../components/UploadProgress';
import { serverMessage } from '../../lib/errors';
import { formatBytes } from '../../lib/format';
import { useOnError } from '../../lib/on-error';
import { useCompleteOnboarding, useMyDocuments, useUploadDocument } from './api';
import { documentsByType } from './documents';
import { OnboardingLayout } from './OnboardingLayout';

const ACCEPT = ONBOARDING_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function DocumentCard({ type, document }: { type: DocumentType; document: DocumentRecord | undefined }) {
  const { t, i18n } = useTranslation();
  const uploadDocument = useUploadDocument();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const title = t(`onboarding.documents.types.${type}.title`);
  const required = REQUIRED_DOCUMENT_TYPES.includes(type);

  const upload = async (file: File) => {
    if (!isAllowedExtension(file.name)) return void toast.error(t('documents.invalidFormat'));
    if (file.size > MAX_DOCUMENT_BYTES) return void toast.error(t('onboarding.documents.tooLarge'));
    setProgress(0);
    try {
      await uploadDocument.mutateAsync({ type, file, onProgress: setProgress });
      toast.success(t('onboarding.documents.uploaded', { title }));
    } catch (error) {
      toast.error(serverMessage(error, t('onboarding.documents.uploadFailed')));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${required ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`}
          >
            {required ? t('onboarding.documents.required') : t('onboarding.documents.optional')}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-600">{t(`onboarding.documents.types.${type}.description`)}</p>
        {document && (
          <p className="mt-2 flex items-start gap-1 text-sm text-green-800">
            <span aria-hidden="true">✓</span>
            {/* A long file name wraps inside the card. */}
            <span className="min-w-0 wrap-anywhere">
              {t('onboarding.documents.onFile', {
                name: document.file_name,
                size: formatBytes(document.file_size, i18n.language),
              })}
            </span>
          </p>
        )}
        {uploading && <UploadProgress progress={progress} className="mt-3" />}
      </div>
      <HiddenFileInput
        ref={input}
        accept={ACCEPT}
        data-document-type={type}
        onFile={(file) => void upload(file)}
      />
      <Button
        variant={document ? 'secondary' : 'primary'}
        disabled={uploading}
        aria-label={
          uploading
            ? undefined
            : t(document ? 'onboarding.documents.replaceLabel' : 'onboarding.documents.uploadLabel', {
                title,
              })
        }
        onClick={() => input.current?.click()}
      >
        {uploading
          ? t('onboarding.documents.uploading')
          : document
            ? t('onboarding.documents.replace')
            : t('onboarding.documents.upload')}
      </Button>
    </li>
  );
}

export default function DocumentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useMyDocuments();
  const completeOnboarding = useCompleteOnboarding();
  useOnError(list, (error) => toast.error(serverMessage(error, t('onboarding.documents.loadFailed'))));

  if (list.isPending) return <PageLoading />;
  // After a failed load the page still offers every upload.
  const documents = documentsByType(list.data ?? []);
  const ready = hasRequiredDocuments(Object.keys(documents));

  const complete = async () => {
    try {
      await completeOnboarding.mutateAsync();
      toast.success(t('onboarding.documents.completed'));
      navigate('/onboarding/success');
    } catch (error) {
      toast.error(serverMessage(error, t('onboarding.documents.completeFailed')));
    }
  };
  const completing = completeOnboarding.isPending;

  return (
    <OnboardingLayout
      step={t('onboarding.documents.step')}
      title={t('onboarding.documents.title')}
      subtitle={t('onboarding.documents.subtitle')}
      back={{ label: t('common.back'), to: '/onboarding/details' }}
    >
      <ul className="flex flex-col gap-4">
        {DOCUMENT_TYPES.map((type) => (
          <DocumentCard key={type} type={type} document={documents[type]} />
        ))}
      </ul>
      <div className="mt-6 space-y-2 text-sm">
        <p className="rounded-lg bg-slate-100 p-3 text-slate-700">{t('onboarding.documents.formats')}</p>
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {t('onboarding.documents.requiredNotice')}
        </p>
      </div>
      <Button className="mt-6 w-full sm:w-auto" disabled={!ready || completing} onClick={complete}>
        {completing ? t('onboarding.documents.completing') : t('onboarding.documents.complete')}
      </Button>
    </OnboardingLayout>
  );
}
