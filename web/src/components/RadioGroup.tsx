import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One choice among a few, as native radio buttons in a fieldset: the legend names the group,
 * arrow keys move between the answers, and each answer is a whole tap target (at least 44 px
 * high) that wraps onto the next line on a phone.
 */
export function RadioGroup({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string) => void;
  /** A locale key. */
  error?: string;
}) {
  const { t } = useTranslation();
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="size-4 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
