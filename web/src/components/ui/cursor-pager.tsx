import { Button } from './button';
import { EmptyState } from './empty-state';
import { describeRowRange, type RowRange } from '#web/lib/cursor-pages';

interface CursorPagerProps {
  /** 1-based page number. */
  page: number;
  range: RowRange | undefined;
  hasNext: boolean;
  busy: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  label: string;
  /** The page's rows are still loading (the previous page's rows may still be on screen). */
  loading?: boolean;
  /** Announce the range when it changes (one pager per page should, not both of a pair). */
  live?: boolean;
}

/** Previous / Next over a cursor stack, with "rows 101 to 200". */
export function CursorPager({
  page,
  range,
  hasNext,
  busy,
  onFirst,
  onPrevious,
  onNext,
  label,
  live = false,
  loading = false,
}: CursorPagerProps) {
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager__range" role={live ? 'status' : undefined}>
        {loading
          ? `Page ${page}, loading…`
          : `Page ${page}, ${describeRowRange(range)}${!hasNext && range ? ' (last page)' : ''}`}
      </span>
      <span className="row">
        {page > 2 && (
          <Button size="small" onClick={onFirst} disabled={busy}>
            First page
          </Button>
        )}
        <Button size="small" onClick={onPrevious} disabled={page <= 1 || busy}>
          Previous
        </Button>
        <Button size="small" onClick={onNext} disabled={!hasNext || busy}>
          Next
        </Button>
      </span>
    </nav>
  );
}

/**
 * An empty page past the last one (the service gave a next cursor, then no rows): said so, with
 * the way back one page.
 */
export function PastLastPage({ title, onPrevious }: { title: string; onPrevious: () => void }) {
  return (
    <EmptyState title={title} action={<Button onClick={onPrevious}>Previous page</Button>}>
      The previous page was the last one for these filters.
    </EmptyState>
  );
}
