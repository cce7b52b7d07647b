import { SkeletonRows } from '../components/ui/skeleton';
import { PageIntroHeader } from './page-intro-header';

/**
 * What the console shows while the operator signs in (/api/me): the header with the brand, the
 * page's own header where it says the same to everyone (shared/page-intros.ts), and placeholder
 * rows. index.html holds the same markup, painted before any script runs (the BFF serves the
 * page's copy of it, with its header); this is what React renders in its place until the shell
 * can, so the first render changes nothing on screen (a page that flashed from the header to rows
 * alone and back moved under the reader).
 */
export function ShellPlaceholder() {
  return (
    <>
      <header className="app-header">
        <span className="app-header__brand">Asset Ops Console</span>
      </header>
      <main className="app-main">
        <PageIntroHeader />
        <SkeletonRows rows={4} label="Signing in" />
      </main>
    </>
  );
}
