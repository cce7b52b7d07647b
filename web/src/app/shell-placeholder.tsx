import { SkeletonRows } from '../components/ui/skeleton';

/**
 * What the console shows while the operator signs in (/api/me): the header with the brand and
 * placeholder rows. web/index.html holds the same markup, painted before any script runs; this is
 * what React renders in its place until the shell can, so the first render changes nothing on
 * screen (a page that flashed from the header to rows alone and back moved under the reader).
 */
export function ShellPlaceholder() {
  return (
    <>
      <header className="app-header">
        <span className="app-header__brand">Asset Ops Console</span>
      </header>
      <main className="app-main">
        <SkeletonRows rows={4} label="Signing in" />
      </main>
    </>
  );
}
