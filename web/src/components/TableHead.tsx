/** A table header row: the column labels, then an unlabelled-looking actions column for screen readers. */
export function TableHead({ labels, actionsLabel }: { labels: string[]; actionsLabel: string }) {
  return (
    <thead className="text-slate-600">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className="py-2 pr-4 font-medium">
            {label}
          </th>
        ))}
        <th scope="col" className="py-2">
          <span className="sr-only">{actionsLabel}</span>
        </th>
      </tr>
    </thead>
  );
}
