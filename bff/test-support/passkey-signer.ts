// Signs four-eyes decisions in tests as a real approver would: enrols a software passkey for an
// operator (through the BFF's own registration routes), then asks the BFF for a decision's
// challenge and answers it with that key. For tests of a policy with approvals_require_passkey
// (the local demo policy among them).
import type { TestBff } from './start-test-bff';
import { createCredential, getAssertion, type SoftwareCredential } from './software-authenticator';

type Headers = Record<string, string>;

export function createPasskeySigner(bff: TestBff, origin: string) {
  const rpId = new URL(origin).hostname;
  const keys = new Map<string, SoftwareCredential>();
  const keyOf = async (headers: Headers) => {
    const who = JSON.stringify(headers);
    const known = keys.get(who);
    if (known) return known;
    const options = await bff.request('POST', '/api/passkeys/registration-options', {
      headers,
      body: {},
    });
    if (options.status !== 200) throw new Error(`registration options: ${options.text}`);
    const { challenge } = options.body as { challenge: string };
    const made = createCredential({ rpId, origin, challenge });
    const res = await bff.request('POST', '/api/passkeys', {
      headers,
      body: { name: 'Test key', response: made.response },
    });
    if (res.status !== 201) throw new Error(`registration: ${res.text}`);
    keys.set(who, made.credential);
    return made.credential;
  };
  return {
    /** The `passkey` member of an approve or reject body, signed for exactly that decision. */
    async sign(
      headers: Headers,
      approvalId: string,
      decision:
        { decision: 'approve'; fee_id?: string | null } | { decision: 'reject'; reason: string },
    ) {
      const credential = await keyOf(headers);
      const res = await bff.request('POST', `/api/approvals/${approvalId}/challenge`, {
        headers,
        body: decision,
      });
      if (res.status !== 200) throw new Error(`challenge: ${res.text}`);
      const { nonce, options } = res.body as { nonce: string; options: { challenge: string } };
      return {
        nonce,
        assertion: getAssertion(credential, { rpId, origin, challenge: options.challenge }),
      };
    },
  };
}
