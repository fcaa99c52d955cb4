import type { DocumentRecord } from '@shared/api';
import {
  OTHER_TITLE_MAX,
  RELOCATION_DOCUMENT_TYPES,
  type RelocationDocumentType,
} from '@shared/document-clocks';
import { ONBOARDING_EXTENSIONS } from '@shared/documents';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { UploadProgress } from '../../components/UploadProgress';
import { documentName } from '../../lib/document-names';
import { ApiError, serverMessage } from '../../lib/errors';
import { useUploadMyDocument } from './api';
import {
  expiryField,
  isRelocationDocumentType,
  replacedDocument,
  serverProblems,
  type UploadProblems,
  uploadProblems,
} from './upload-form';

const ACCEPT = ONBOARDING_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * My Documents' upload of any type, in a dialog: the type (fixed when a row's Replace opened
 * it), the title of an `other`, the expiry date where the type has one, and the file. Checked
 * as the API checks, before anything is sent; the API's field messages land on the fields.
 */
export function UploadForm({
  documents,
  replacing,
  onDone,
}: {
  documents: readonly DocumentRecord[];
  /** The document a row's Replace opened the form for; null: a new upload. */
  replacing: DocumentRecord | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const uploadDocument = useUploadMyDocument();
  const [type, setType] = useState<RelocationDocumentType | ''>(replacing?.document_type ?? '');
  const [title, setTitle] = useState(replacing?.title ?? '');
  const [expiresOn, setExpiresOn] = useState(replacing?.expires_on ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<UploadProblems>({});
  const [progress, setProgress] = useState<number | null>(null);
  const replaced = replacedDocument(documents, type, replacing);
  const replaces = replacing?.document_type === 'other' ? replacing.id : null;
  const expiry = type ? expiryField(type) : 'absent';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!type) return setProblems(uploadProblems({ type, title, expiresOn, file, replaces }));
    const given = {
      type,
      title: type === 'other' ? title : '',
      expiresOn: expiry === 'absent' ? '' : expiresOn,
    };
    const found = uploadProblems({ ...given, file, replaces });
    setProblems(found);
    if (Object.keys(found).length > 0 || !file) return;
    setProgress(0);
    try {
      const document = await uploadDocument.mutateAsync({
        ...given,
        file,
        replaces,
        onProgress: setProgress,
      });
      const name = documentName(t, document);
      toast.success(t(replaced ? 'myDocuments.replaced' : 'myDocuments.uploaded', { name }));
      onDone();
    } catch (error) {
      setProblems(serverProblems(error instanceof ApiError ? error.fields : undefined));
      toast.error(serverMessage(error, t('onboarding.documents.uploadFailed')));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {replacing ? (
        <p className="text-sm text-slate-800">
          <span className="font-medium">{t('myDocuments.type')}:</span> {documentName(t, replacing)}
        </p>
      ) : (
        <SelectField
          label={t('myDocuments.type')}
          placeholder={t('myDocuments.typePlaceholder')}
          value={type}
          error={problems.document_type}
          options={RELOCATION_DOCUMENT_TYPES.map((value) => ({
            value,
            label: documentName(t, { document_type: value }),
          }))}
          onChange={(event) => {
            const value = event.target.value;
            setType(isRelocationDocumentType(value) ? value : '');
            setProblems({});
          }}
        />
      )}
      {type === 'other' && (
        <TextField
          label={t('myDocuments.documentTitle')}
          value={title}
          maxLength={OTHER_TITLE_MAX}
          required={!replaces}
          error={problems.title}
          hint={t('myDocuments.titleCount', { count: title.length, max: OTHER_TITLE_MAX })}
          onChange={(event) => setTitle(event.target.value)}
        />
      )}
      {expiry !== 'absent' && (
        <TextField
          type="date"
          label={t('expiry.date')}
          value={expiresOn}
          required={expiry === 'required'}
          error={problems.expires_on}
          hint={expiry === 'optional' ? t('myDocuments.expiryOptional') : undefined}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
      )}
      <TextField
        type="file"
        label={t('myDocuments.file')}
        accept={ACCEPT}
        required
        error={problems.file}
        hint={t('onboarding.documents.formats')}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      {replaced && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('myDocuments.replacesCurrent', { name: documentName(t, replaced), file: replaced.file_name })}
        </p>
      )}
      {uploading && <UploadProgress progress={progress} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={uploading}>
          {t('myDocuments.cancel')}
        </Button>
        <Button type="submit" disabled={uploading}>
          {uploading ? t('myDocuments.uploading') : t('myDocuments.submit')}
        </Button>
      </div>
    </form>
  );
}
