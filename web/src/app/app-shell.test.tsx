import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { companionFeaturesOff } from '#contract/companion-features';
import type { AuthMode, Role } from '#contract/session';
import { renderPage } from '#web-test/render-page';
import { apiGet } from '../lib/api-client';
import { THEME_KEY } from '../lib/theme';
import { AppShell } from './app-shell';

function renderShell(roles: Role[], authMode?: AuthMode, activityOn = false) {
  const client = new QueryClient();
  client.setQueryData(['me'], {
    operator: { subject: 'op', name: 'Olive' },
    roles,
    features: {
      ...companionFeaturesOff('off'),
      ...(activityOn ? { activity: { enabled: true } } : {}),
    },
    ...(authMode ? { auth_mode: authMode } : {}),
    environment: { kind: 'local', name: 'Local', allow_testnet: true },
  });
  return mountShell(client);
}

/** The shell as the app mounts it, signed in with what `client` holds for /api/me. */
function mountShell(client: QueryClient) {
  return renderPage(<AppShell />, { client });
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
    expect(navLinks()).toEqual([
      'Addresses',
      'Withdrawals',
      'Approvals',
      'Activity',
      'Reconciliation',
      'Policy',
    ]);
  });

  it('shows a viewer every page', () => {
    renderShell(['viewer']);
    expect(navLinks()).toEqual([
      'Statements',
      'Addresses',
      'Withdrawals',
      'Audit',
      'Activity',
      'Reconciliation',
      'Policy',
    ]);
  });

  it('lists Passkeys as a page for an approver (it sat in the operator panel, now a click away)', () => {
    renderShell(['withdrawal-approver']);
    expect(navLinks()).toEqual(['Approvals', 'Passkeys', 'Activity', 'Reconciliation', 'Policy']);
  });

  it('counts the withdrawals made elsewhere beside Activity when the feature is on (issue 39)', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL) =>
      Response.json({ unacknowledged: 3, items: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    renderShell(['viewer'], undefined, true);
    expect(await screen.findByRole('link', { name: 'Activity, 3 alerts' })).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/transfers/elsewhere');
    vi.unstubAllGlobals();
  });

  it('lists the Policy page for every role (issue 42, item 14: the policy, readable by all)', () => {
    renderShell(['passkey-admin']);
    expect(navLinks()).toEqual(['Passkeys', 'Policy']);
  });
});

describe('navigation menu (the header at a phone width)', () => {
  const menuButton = () =>
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /^Menu/ });
  const menuList = () => document.getElementById(menuButton().getAttribute('aria-controls')!)!;

  it('opens the links from the Menu button and closes on Escape, focus back on it', () => {
    renderShell(['viewer']);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(menuList().hasAttribute('data-open')).toBe(false);
    fireEvent.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(menuList().hasAttribute('data-open')).toBe(true);
    const audit = within(menuList()).getByRole('link', { name: 'Audit' });
    audit.focus();
    fireEvent.keyDown(audit, { key: 'Escape' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes when the operator follows a link in it', () => {
    renderShell(['viewer']);
    fireEvent.click(menuButton());
    fireEvent.click(within(menuList()).getByRole('link', { name: 'Audit' }));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when focus leaves it, and when the operator opens the operator panel', () => {
    renderShell(['viewer']);
    fireEvent.click(menuButton());
    const operator = screen.getByRole('button', { name: /roles and settings$/ });
    fireEvent.blur(menuButton(), { relatedTarget: operator });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton());
    fireEvent.pointerDown(operator);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });
});

describe('operator disclosure (roles and settings, at every width)', () => {
  it('opens the roles and settings from the operator button and closes on Escape, focus back on it', () => {
    renderShell(['viewer', 'withdrawal-initiator']);
    const toggle = screen.getByRole('button', { name: /^Olive\b.*roles and settings$/ });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hasAttribute('data-open')).toBe(false);
    expect(
      within(within(panel).getByRole('list', { name: 'Roles' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Viewer', 'Withdrawal initiator']);
    within(panel).getByRole('button', { name: /^Theme:/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hasAttribute('data-open')).toBe(true);
    fireEvent.keyDown(within(panel).getByRole('button', { name: /^Theme:/ }), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when the operator clicks elsewhere', () => {
    renderShell(['viewer']);
    const toggle = screen.getByRole('button', { name: /^Olive\b.*roles and settings$/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
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

describe('dev operator switch', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  function renderWithSession(extra: Record<string, unknown>) {
    const client = new QueryClient();
    client.setQueryData(['me'], {
      operator: { subject: 'local-operator', name: 'Local operator' },
      roles: ['viewer'],
      environment: { kind: 'local', name: 'Local', allow_testnet: true },
      features: companionFeaturesOff('off'),
      ...extra,
    });
    return mountShell(client);
  }

  it('is offered only when the BFF lists dev operators (dev mode)', () => {
    renderWithSession({});
    expect(screen.queryByRole('combobox', { name: 'Acting as' })).toBeNull();
  });

  it('acts as the second operator in this tab: stored per tab and sent as X-Dev-Operator', async () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    renderWithSession({
      dev_operators: [
        { id: 'local-operator', subject: 'local-operator', name: 'Local operator' },
        { id: 'second-operator', subject: 'local-operator-2', name: 'Second local operator' },
      ],
    });
    const select = screen.getByRole('combobox', { name: 'Acting as' }) as HTMLSelectElement;
    expect(select.value).toBe('local-operator');
    fireEvent.change(select, { target: { value: 'second-operator' } });
    expect(sessionStorage.getItem('aoc.dev-operator.v1')).toBe('second-operator');
    await apiGet('/api/me', z.unknown());
    const headers = (fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit])[1]
      .headers as Record<string, string>;
    expect(headers['X-Dev-Operator']).toBe('second-operator');
  });
});

describe('Sign out (AUTH_MODE=oidc)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered only where the console signs people in itself', () => {
    renderShell(['viewer'], 'trusted-header');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    cleanup();
    renderShell(['viewer']);
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('posts /auth/logout as a write and goes where the BFF says', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ redirect_to: 'https://idp.example/logout?x=1' }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderShell(['viewer'], 'oidc');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/logout?x=1'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/auth/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['X-CSRF']).toBe('1');
  });
});
