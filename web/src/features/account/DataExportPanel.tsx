import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { serverMessage } from '../../lib/errors';
import { useExportMyData } from './api';

/**
 * Saves a file the way a link click does. The archive lives on the storage origin, where the
 * `download` attribute is ignored; its Content-Disposition makes it a download all the same.
 */
function startDownload(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** My Account: "Download my data" (GDPR Art. 15 and 20), a ZIP the server builds. */
export function DataExportPanel() {
  const { t } = useTranslation();
  const exportData = useExportMyData();
  const link = exportData.data;

  // The link stops working after a few minutes: then it goes, and the button makes a new one.
  const { reset } = exportData;
  useEffect(() => {
    if (!link) return;
    const timer = window.setTimeout(reset, Math.max(0, Date.parse(link.expires_at) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [link, reset]);

  const start = async () => {
    try {
      const { url } = await exportData.mutateAsync();
      toast.success(t('account.exportReady'));
      startDownload(url);
    } catch (error) {
      toast.error(serverMessage(error, t('account.exportFailed')));
    }
  };

  return (
    <Panel title={t('account.exportTitle')} className="mt-6">
      <p className="mt-2 text-sm text-slate-700">{t('account.exportHint')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          disabled={exportData.isPending}
          aria-busy={exportData.isPending}
          onClick={() => void start()}
        >
          {exportData.isPending ? t('account.exportPreparing') : t('account.exportButton')}
        </Button>
        {/* In case the browser blocked the automatic download. */}
        {link && !exportData.isPending ? (
          <a
            href={link.url}
            download
            rel="noopener"
            className="text-sm font-semibold text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('account.exportLink')}
          </a>
        ) : null}
      </div>
    </Panel>
  );
}
