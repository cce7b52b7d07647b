import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnrolPasskeyForm } from './enrol-passkey-form';

// Issue 42, item 11: after switching "Acting as" (dev mode), the key name offered was still the
// previous operator's.

afterEach(cleanup);

const form = (defaultName: string, client = new QueryClient()) => (
  <QueryClientProvider client={client}>
    <EnrolPasskeyForm defaultName={defaultName} />
  </QueryClientProvider>
);
const keyName = () => screen.getByRole<HTMLInputElement>('textbox', { name: /Key name/ });

describe('the passkey enrolment form', () => {
  it('offers the current operator’s name after a switch of operator', () => {
    const client = new QueryClient();
    const { rerender } = render(form("Avery's passkey", client));
    expect(keyName().value).toBe("Avery's passkey");
    rerender(form("Blake's passkey", client));
    expect(keyName().value).toBe("Blake's passkey");
  });

  it('keeps a name the operator typed', () => {
    const client = new QueryClient();
    const { rerender } = render(form("Avery's passkey", client));
    fireEvent.change(keyName(), { target: { value: 'YubiKey 5C' } });
    rerender(form("Blake's passkey", client));
    expect(keyName().value).toBe('YubiKey 5C');
  });
});
