import { SkeletonRows } from '../components/ui/skeleton';
import { pageIntroOf } from '../lib/page-intros';

/**
 * What the console shows while the operator signs in (/api/me): the header with the brand, the
 * page's heading and intro where the shell paints one (lib/page-intros.ts), and placeholder rows.
 * web/index.html and main.tsx paint the same markup before any of the app's code runs; this is
 * what React renders in its place until the shell can, so the first render changes nothing on
 * screen (a page that flashed from the header to rows alone and back moved under the reader).
 */
export function ShellPlaceholder() {
  const intro = pageIntroOf(window.location.pathname);
  return (
    <>
      <header className="app-header">
        <span className="app-header__brand">Asset Ops Console</span>
      </header>
      <main className="app-main">
        {intro && (
          <div className="page-header">
            <div>
              <h1>{intro.title}</h1>
              <p className="muted">{intro.description}</p>
            </div>
          </div>
        )}
        <SkeletonRows rows={4} label="Signing in" />
      </main>
    </>
  );
}
