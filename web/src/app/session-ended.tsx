import { useEffect, useRef } from 'react';
import { Button, buttonClassName } from '../components/ui/button';
import { documentTitle } from '../lib/document-title';
import { signInHref } from '../lib/session-status';

const WORDS = {
  // A 401 after the console knew the operator: the SSO session is over.
  ended: {
    title: 'Your session ended',
    text: 'Your sign-in has expired or was revoked. Nothing was sent after that point. Sign in again to continue; unsaved input on this page will be lost.',
    action: 'Sign in again',
  },
  // A 401 before it ever did: a first visit that reached the console with no identity.
  'signed-out': {
    title: 'You are not signed in',
    text: 'The console did not receive your identity from your organisation’s sign-in (SSO). Press Sign in: the page opens again through the SSO proxy, which asks for your account. If this page comes back, open the console from the address your administrator gave you (not a copied internal one), or ask them to give your account access.',
    action: 'Sign in',
  },
  // AUTH_MODE=oidc: the console signs people in itself, and brings them back to this page.
  oidc: {
    title: 'Signed out',
    text: 'You are signed out: you signed out, your session timed out, or it was ended at your identity provider. Nothing was sent after that point. Sign in to come back to this page; a withdrawal you were preparing in this tab is kept.',
    action: 'Sign in',
  },
} as const;

/** Shown instead of the app once the BFF answers 401: not signed in, or the session is over. */
export function SessionEnded({ status = 'ended' }: { status?: 'ended' | 'signed-out' }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const signIn = signInHref(window.location);
  const words = WORDS[signIn ? 'oidc' : status];
  useEffect(() => {
    heading.current?.focus();
    const title = signIn ? 'Signed out' : status === 'ended' ? 'Session ended' : 'Not signed in';
    document.title = documentTitle(title);
  }, [status, signIn]);
  return (
    <main className="full-page-message">
      <div className="card">
        <div className="card__body stack" role="alert">
          <h1 ref={heading} tabIndex={-1}>
            {words.title}
          </h1>
          <p className="muted">{words.text}</p>
          <div>
            {signIn ? (
              <a className={buttonClassName('primary')} href={signIn}>
                {words.action}
              </a>
            ) : (
              // A reload goes back through the SSO proxy, which asks the operator to sign in.
              <Button variant="primary" onClick={() => window.location.reload()}>
                {words.action}
              </Button>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}
