import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/session';
import { THEME_KEY } from '../lib/theme';
import { AppShell } from './app-shell';

function renderShell(roles: Role[]) {
  const client = new QueryClient();
  client.setQueryData(['me'], {
    operator: { subject: 'op', name: 'Olive' },
    roles,
    environment: { kind: 'local', name: 'Local', allow_testnet: true },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AppShell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});
afterEach(cleanup);

describe('AppShell navigation', () => {
  it('shows an address editor only the pages its role may use', () => {
    renderShell(['address-editor']);
    expect(navLinks()).toEqual(['Addresses', 'Withdrawals']);
  });

  it('shows a viewer every page', () => {
    renderShell(['viewer']);
    expect(navLinks()).toEqual(['Statements', 'Addresses', 'Withdrawals', 'Audit']);
  });
});

describe('theme toggle', () => {
  it('cycles System → Light → Dark, sets the theme on <html> and remembers the choice', () => {
    renderShell(['viewer']);
    const button = screen.getByRole('button', { name: /^Theme: System/ });
    fireEvent.click(button);
    expect(button.textContent).toBe('Theme: Light');
    expect(document.documentElement.dataset.theme).toBe('light');
    fireEvent.click(button);
    expect(button.textContent).toBe('Theme: Dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('dark');
    fireEvent.click(button);
    expect(button.textContent).toMatch(/^Theme: System/);
    expect(window.localStorage.getItem(THEME_KEY)).toBeNull();
  });
});
