import { Button } from './button';
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
