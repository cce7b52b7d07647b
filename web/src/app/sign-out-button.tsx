import { useState } from 'react';
import { SignOutResponseSchema } from '#contract/session';
import { Button } from '../components/ui/button';
import { apiRequest } from '../lib/api-client';

/**
 * AUTH_MODE=oidc: ends the console's session (POST /auth/logout, a write like any other) and
 * goes where the BFF says: the provider's sign-out page, which brings the browser back here.
 */
export function SignOutButton() {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const signOut = async () => {
    setState('busy');
    try {
      const { data } = await apiRequest('/auth/logout', {
        method: 'POST',
        body: {},
        schema: SignOutResponseSchema,
      });
      window.location.assign(data.redirect_to);
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="stack">
      <Button busy={state === 'busy'} onClick={() => void signOut()}>
        Sign out
      </Button>
      {state === 'failed' && (
        <p role="alert" className="muted">
          Could not sign out: the console did not answer. Try again.
        </p>
      )}
    </div>
  );
}
