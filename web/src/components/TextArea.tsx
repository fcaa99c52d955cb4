import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';

export const TextArea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string }
>(function TextArea({ label, error, hint, id, ...props }, ref) {
  const { t } = useTranslation();
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={areaId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint && `${areaId}-hint`, error && `${areaId}-error`].filter(Boolean).join(' ') || undefined
        }
        className="rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        {...props}
      />
      {hint && (
        <p id={`${areaId}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${areaId}-error`} role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
});
