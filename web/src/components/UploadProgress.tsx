import { useTranslation } from 'react-i18next';

/** How far a file's upload has come (0-1), as a progress bar (onboarding, My Documents). */
export function UploadProgress({ progress, className = '' }: { progress: number; className?: string }) {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  return (
    <div
      role="progressbar"
      aria-label={t('onboarding.documents.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`h-2 overflow-hidden rounded-full bg-slate-100 ${className}`}
    >
      <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}
