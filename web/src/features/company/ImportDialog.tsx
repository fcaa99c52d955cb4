import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ApiError, serverMessage } from '../../lib/errors';
import { useImportEmployees } from './api';
import { importProblemLines } from './import-problems';

/**
 * Import from CSV: the chosen file is read as text and sent whole; the server invites every
 * row or none. A refused file's bad rows are listed by line and reason, to correct and send again.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importEmployees = useImportEmployees();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const close = () => {
    setFile(null);
    setProblems([]);
    setMissing(false);
    onClose();
  };
  const submit = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setProblems([]);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      toast.error(t('company.import.readFailed'));
      return;
    }
    try {
      const result = await importEmployees.mutateAsync({ csv });
      toast.success(t('company.import.done', { count: result.invited }));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.rows?.length) setProblems(importProblemLines(error.rows, t));
      else toast.error(serverMessage(error, t('company.import.failed')));
    }
  };
  return (
    <Dialog open={open} title={t('company.import.title')} onClose={close}>
      <p className="text-sm text-slate-700">{t('company.import.hint')}</p>
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {t('company.import.file')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setMissing(false);
            setProblems([]);
          }}
          className="text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
        />
        {missing && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
            {t('company.import.chooseFile')}
          </p>
        )}
      </div>
      {problems.length > 0 && (
        <div
          role="alert"
          className="mt-4 max-h-60 overflow-y-auto rounded-lg border border-red-200 bg-red-50 p-3"
        >
          <p className="text-sm font-medium text-red-800">{t('company.import.refused')}</p>
          <ul className="mt-2 list-disc ps-5 text-sm text-red-800" data-testid="import-problems">
            {problems.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={close}>
          {t('company.import.cancel')}
        </Button>
        <Button disabled={importEmployees.isPending} onClick={() => void submit()}>
          {importEmployees.isPending ? t('company.import.importing') : t('company.import.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
