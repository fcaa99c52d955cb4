import type { ReactNode } from 'react';

export interface CardField {
  label: string;
  value: ReactNode;
  /** Takes the card's whole width (e-mail addresses, file names, free text). */
  wide?: boolean;
}

/**
 * The label/value pairs of a card: what a table row shows in columns, on screens too narrow
 * for the table. Two fields a row, each label above its value; long values wrap inside.
 */
export function CardFields({ fields }: { fields: CardField[] }) {
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {fields.map(({ label, value, wide }) => (
        <div key={label} className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
