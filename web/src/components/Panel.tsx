import { type ReactNode, useId } from 'react';

const TONES = {
  default: { box: 'border-slate-200 bg-white', title: 'text-slate-900' },
  danger: { box: 'border-red-200 bg-white', title: 'text-red-800' },
  warning: { box: 'border-amber-300 bg-amber-50', title: 'text-amber-950' },
} as const;

/** A titled card: the section is labelled by its own heading. */
export function Panel({
  title,
  tone = 'default',
  className = '',
  children,
}: {
  title: string;
  tone?: 'default' | 'danger' | 'warning';
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border p-5 shadow-sm ${TONES[tone].box} ${className}`}
    >
      <h2 id={id} className={`text-lg font-semibold ${TONES[tone].title}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
