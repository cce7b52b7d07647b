export interface SkeletonProps {
  width?: 25 | 50 | 75 | 100;
}

export function Skeleton({ width = 100 }: SkeletonProps) {
  return (
    <span
      className={width === 100 ? 'skeleton' : `skeleton skeleton--w-${width}`}
      aria-hidden="true"
    />
  );
}

/** Placeholder rows while a list loads; announced once as "Loading …". */
export function SkeletonRows({ rows = 6, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="skeleton-rows" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} width={index % 3 === 2 ? 75 : 100} />
      ))}
    </div>
  );
}
