/**
 * The tab's title for a page or screen: the page's name, then the console's. One form for the
 * pages' headers, the session-ended screen and the build's page shells (shared/page-intros.ts),
 * which the build imports outside the browser: plain strings only.
 */
export function documentTitle(title: string): string {
  return `${title} · Asset Ops Console`;
}
