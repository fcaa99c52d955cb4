import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A locale key from a zod message, or nothing. */
  error?: string;
  hint?: string;
}

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, hint, id, className = '', ...props },
  ref,
) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...props}
      />
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
});
