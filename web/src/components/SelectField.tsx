import { forwardRef, type SelectHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  placeholder: string;
  options: { value: string; label: string }[];
}

export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, placeholder, options, id, className = '', ...props },
  ref,
) {
  const { t } = useTranslation();
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        // As wide as its column, never wider: the longest option (a long nationality) does
        // not widen the form on a phone.
        className={`w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...props}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${selectId}-error`} role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
});
