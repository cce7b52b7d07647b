import type { Logger } from '../logger';

/** One page of a list the service answers with `next_page_cursor` (a string, empty at the end). */
interface WalkedPage<T> {
  items: readonly T[];
  next_page_cursor?: string | null | undefined;
}

interface PageWalkOptions<T> {
  /** Reads one page: `cursor` is undefined for the first. */
  page: (cursor: string | undefined) => Promise<WalkedPage<T>>;
  /** At most this many pages are read; more left is logged once as a warning. */
  maxPages: number;
  logger: Logger;
  /** What is read, for the warning ("withdrawal limits", "transfers"). */
  what: string;
}

/**
 * The one loop over the service's pages, used by every reader and export: follows
 * `next_page_cursor` until it is empty, stops at `maxPages`, and stops when the service hands back
 * a cursor it already gave (a loop at the service must never become a loop here). Either stop is
 * logged once, with what was read. Yields each page's items as they come (constant memory for a
 * consumer that does not keep them).
 */
export async function* walkPages<T>(options: PageWalkOptions<T>): AsyncGenerator<T[], void> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 0; ; pages++) {
    if (pages >= options.maxPages) {
      options.logger.warn({ pages, what: options.what }, `${options.what}: more pages left`);
      return;
    }
    const answer = await options.page(cursor);
    yield [...answer.items];
    const next = answer.next_page_cursor ?? '';
    if (next === '') return;
    if (seen.has(next)) {
      options.logger.warn(
        { pages: pages + 1, what: options.what },
        `${options.what}: cursor repeated`,
      );
      return;
    }
    seen.add(next);
    cursor = next;
  }
}

/** Every item of every page (within `maxPages`), in order. */
export async function readAllPages<T>(options: PageWalkOptions<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const items of walkPages(options)) all.push(...items);
  return all;
}
