import type { Page } from '@playwright/test';

/**
 * The tables on the page that scroll sideways (wider than their card), each named by its label
 * (or its first words). At a desktop width this should be none: a column found only by scrolling
 * is a column the operator misses.
 */
export function tablesScrollingSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.table-scroll')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map(
        (el) =>
          el.querySelector('table')?.getAttribute('aria-label') ??
          el.textContent?.slice(0, 40) ??
          '',
      ),
  );
}
