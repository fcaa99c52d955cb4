/** A table header row: the column labels, then an unlabelled-looking actions column for screen readers. */
export function TableHead({ labels, actionsLabel }: { labels: string[]; actionsLabel: string }) {
  return (
    <thead className="text-slate-600">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className="px-3 py-2 font-medium">
            {label}
          </th>
        ))}
        {/* Relative: the visually hidden label is placed within its cell, so it cannot reach
            past the table's scrolling box and widen the page. */}
        <th scope="col" className="relative px-3 py-2">
          <span className="sr-only">{actionsLabel}</span>
        </th>
      </tr>
    </thead>
  );
}
