import { type ReactNode, useId } from 'react';
import { useMediaQuery, WIDE_SCREEN } from '../lib/media';
import { CardFields } from './CardFields';
import { TableHead } from './TableHead';

/** One column of a list: the table's header and cell, the card's labelled field. */
export interface ListColumn<T> {
  /** The table's column header and the card field's label. */
  label: string;
  cell: (item: T) => ReactNode;
  /** In a card the field takes the whole width (e-mail addresses, file names, free text). */
  wide?: boolean;
  /** The table cell's own classes (a minimum width, no wrapping). */
  className?: string;
}

/** Where an item's actions are drawn, so a link or button can fit its place. */
export interface ActionPlace {
  card: boolean;
  /** The id of the card's heading: an action repeated on every card names its item by it. */
  describedBy?: string;
}

interface Props<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /**
   * The item's name: the table's first column, the heading of its card. `badge` stands beside
   * it (after the name in the cell, at the card's top right), placed by the classes it is given.
   */
  heading: {
    label: string;
    cell: (item: T) => ReactNode;
    level: 2 | 3;
    badge?: (item: T, className: string) => ReactNode;
  };
  /** The other columns, in order; a card shows them as its fields. */
  columns: ListColumn<T>[];
  /** The last, unlabelled-looking column; a card's foot. */
  actions: { label: string; render: (item: T, index: number, place: ActionPlace) => ReactNode };
  /** Items that need the team's eye (an unverified customer): tinted, with a bar at their start. */
  tinted?: (item: T) => boolean;
  /** Cards of a list that asks for action (deletion requests) have a red border. */
  tone?: 'plain' | 'danger';
  /** Rows of several lines (buttons that wrap) keep their text at the top. */
  alignTop?: boolean;
  /** Shown in place of the items while there are none ("Loading...", "No users found"). */
  empty?: string;
  /** Spacing of the list within its section. */
  className?: string;
}

/**
 * A list of the admin console: a table on wide screens, a card per item on phones and tablets
 * (README 'Admin lists on phones'). The columns are declared once and drawn either way; one
 * layout is rendered, never both (`useMediaQuery`), so the page holds one copy of the list.
 */
export function ResponsiveList<T>({
  items,
  itemKey,
  heading,
  columns,
  actions,
  tinted = () => false,
  tone = 'plain',
  alignTop = false,
  empty,
  className = '',
}: Props<T>) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const ids = useId();
  const Heading = heading.level === 2 ? 'h2' : 'h3';

  if (wide) {
    return (
      <div className={`relative overflow-x-auto ${className}`}>
        <table className="w-full text-left text-sm">
          <TableHead labels={[heading.label, ...columns.map((c) => c.label)]} actionsLabel={actions.label} />
          <tbody>
            {items.length === 0 && empty && (
              <tr>
                <td colSpan={columns.length + 2} className="py-6 text-center text-slate-600">
                  {empty}
                </td>
              </tr>
            )}
            {items.map((item, index) => {
              const tint = tinted(item);
              return (
                <tr
                  key={itemKey(item)}
                  className={`border-t ${tint ? 'border-amber-200 bg-amber-100' : 'border-slate-100'} ${alignTop ? 'align-top' : ''}`}
                >
                  <td
                    className={`px-3 py-2 font-medium text-slate-900 ${tint ? 'shadow-[inset_4px_0_0_var(--color-amber-500)]' : ''}`}
                  >
                    {heading.cell(item)}
                    {heading.badge?.(item, 'ml-2 align-text-bottom')}
                  </td>
                  {columns.map((column) => (
                    <td key={column.label} className={`px-3 py-2 ${column.className ?? ''}`}>
                      {column.cell(item)}
                    </td>
                  ))}
                  <td className="px-3 py-2">{actions.render(item, index, { card: false })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  if (items.length === 0) {
    return empty ? <p className={`py-6 text-center text-slate-600 ${className}`}>{empty}</p> : null;
  }
  return (
    <ul className={`grid gap-3 md:grid-cols-2 ${className}`}>
      {items.map((item, index) => {
        const key = itemKey(item);
        const headingId = `${ids}-${key}`;
        const border = tinted(item)
          ? 'border-amber-300 border-l-4 border-l-amber-500 bg-amber-100'
          : tone === 'danger'
            ? 'border-red-200'
            : 'border-slate-200';
        return (
          <li key={key} className={`rounded-xl border p-4 ${border}`}>
            <div className="flex items-start justify-between gap-2">
              <Heading id={headingId} className="min-w-0 font-semibold text-slate-900 wrap-anywhere">
                {heading.cell(item)}
              </Heading>
              {heading.badge?.(item, 'shrink-0')}
            </div>
            <CardFields
              fields={columns.map((column) => ({
                label: column.label,
                value: column.cell(item),
                wide: column.wide,
              }))}
            />
            <div className="mt-3">{actions.render(item, index, { card: true, describedBy: headingId })}</div>
          </li>
        );
      })}
    </ul>
  );
}
