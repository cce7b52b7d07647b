import { useEffect, useRef } from 'react';
import { Button } from '../components/ui/button';

/** Shown instead of the app once the BFF answers 401: the SSO session is over. */
export function SessionEnded() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    document.title = 'Session ended · Asset Ops Console';
  }, []);
  return (
    <main className="full-page-message">
      <div className="card">
        <div className="card__body stack" role="alert">
          <h1 ref={heading} tabIndex={-1}>
            Your session ended
          </h1>
          <p className="muted">
            Your sign-in has expired or was revoked. Nothing was sent after that point. Sign in
            again to continue; unsaved input on this page will be lost.
          </p>
          <div>
            {/* A reload goes back through the SSO proxy, which asks the operator to sign in. */}
            <Button variant="primary" onClick={() => window.location.reload()}>
              Sign in again
            </Button>
          </div>
        </div>
      </div>
    </main>
  );
}
