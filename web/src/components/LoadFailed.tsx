import { Button } from './Button';

/**
 * What a page or section says when its data could not be loaded: the reason, and Try again
 * unless asking again cannot help (a 404).
 */
export function LoadFailed({
  message,
  retry,
  className = '',
}: {
  message: string;
  retry?: { label: string; onRetry: () => unknown; busy: boolean };
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <p role="alert" className="text-slate-800">
        {message}
      </p>
      {retry && (
        <Button variant="secondary" disabled={retry.busy} onClick={() => void retry.onRetry()}>
          {retry.label}
        </Button>
      )}
    </div>
  );
}
