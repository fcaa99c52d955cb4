import { Button } from './Button';

/** "Load more" under a paged list, its loading words while the next page comes. */
export function MoreButton({
  loading,
  onClick,
  label,
  loadingLabel,
}: {
  loading: boolean;
  onClick: () => void;
  label: string;
  loadingLabel: string;
}) {
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="secondary" disabled={loading} onClick={onClick}>
        {loading ? loadingLabel : label}
      </Button>
    </div>
  );
}
