import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

interface AxeScan {
  /** Also count `heading-order` (a moderate rule the page sweeps hold every page to). */
  headingOrder?: boolean;
  /** Scan only this part of the page (a CSS selector). */
  include?: string;
  /** Run only these axe rules (by id): a scan of what a variant of a scanned page can change. */
  rules?: readonly string[];
}

/**
 * The page's serious and critical axe violations, each as its rule and the elements it names, so
 * a failure says where to look. One scan for every spec: what counts as serious is one rule.
 */
export async function seriousViolations(page: Page, scan: AxeScan = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (scan.include) builder.include(scan.include);
  if (scan.rules) builder.withRules([...scan.rules]);
  const results = await builder.analyze();
  return results.violations
    .filter(
      (v) =>
        v.impact === 'serious' ||
        v.impact === 'critical' ||
        (scan.headingOrder === true && v.id === 'heading-order'),
    )
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
