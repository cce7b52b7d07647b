import type { RetryProgress } from '#web/lib/retry-progress';

interface SkeletonProps {
  width?: 25 | 50 | 75 | 100;
}

function Skeleton({ width = 100 }: SkeletonProps) {
  return (
    <span
      className={width === 100 ? 'skeleton' : `skeleton skeleton--w-${width}`}
      aria-hidden="true"
    />
  );
}

/** Placeholder rows while a list loads; announced once as "Loading …", and each retry in words. */
export function SkeletonRows({
  rows = 6,
  label = 'Loading',
  retry,
}: {
  rows?: number;
  label?: string;
  /** A failed attempt being tried again (lib/retry-progress.ts): said, not hidden. */
  retry?: RetryProgress | undefined;
}) {
  return (
    <div className="skeleton-rows" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {retry && (
        <p className="retry-progress">
          The last attempt failed ({retry.reason}). Trying again: attempt {retry.attempt} of{' '}
          {retry.of}…
        </p>
      )}
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} width={index % 3 === 2 ? 75 : 100} />
      ))}
    </div>
  );
}
