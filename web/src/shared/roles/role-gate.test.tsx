import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '#contract/session';
import { meResponse } from '#web/lib/testing/me-response';
import { RoleGate } from './role-gate';

afterEach(cleanup);

function renderAs(roles: Role[]) {
  const client = new QueryClient();
  client.setQueryData(['me'], meResponse({ subject: 'v', name: 'Vera' }, roles));
  render(
    <QueryClientProvider client={client}>
      <RoleGate roles={['withdrawal-initiator']} action="Starting a withdrawal">
        <form aria-label="New withdrawal">
          <button type="submit">Review</button>
        </form>
      </RoleGate>
    </QueryClientProvider>,
  );
}

describe('RoleGate', () => {
  it('says up front which role the page needs and which the operator has, with no form', () => {
    renderAs(['viewer', 'address-editor']);
    screen.getByText('Starting a withdrawal needs the Withdrawal initiator role');
    screen.getByText(/Your roles: Viewer, Address editor\./);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
  });

  it('shows the page to an operator with the role', () => {
    renderAs(['withdrawal-initiator']);
    screen.getByRole('form', { name: 'New withdrawal' });
  });
});
