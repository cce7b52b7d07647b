import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import { VaspPicker } from './vasp-picker';

const ON = { enabled: true };
const off = (scope: string) => ({
  enabled: false,
  reason: `Not available: the upstream client is not granted the scope ${scope}.`,
});

const renderUi = (ui: ReactNode) => renderPage(ui);

const fetchMock = stubFetch();

describe('VaspPicker', () => {
  it('searches the directory and hands back the chosen VASP; "not listed" asks for the custom fields', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      json({
        items: String(url).includes('search=coin')
          ? [{ id: 'vasp-coinbase', name: 'Coinbase' }]
          : [{ id: 'vasp-anchorage', name: 'Anchorage Digital' }],
      }),
    );
    const onSelect = vi.fn();
    const onNotListed = vi.fn();
    renderUi(<VaspPicker feature={ON} value="" onSelect={onSelect} onNotListed={onNotListed} />);
    const input = screen.getByRole('combobox', { name: 'Find the VASP in the directory' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'coin' } });
    const option = await screen.findByRole('option', { name: 'Coinbase' });
    fireEvent.mouseDown(option);
    expect(onSelect).toHaveBeenCalledWith({ id: 'vasp-coinbase', name: 'Coinbase' });
    fireEvent.click(screen.getByRole('button', { name: /Not listed/ }));
    expect(onNotListed).toHaveBeenCalledOnce();
  });

  it('"No match" offers "Not listed…" inside the popup, by pointer and by Enter (issue 42, item 5)', async () => {
    fetchMock.mockImplementation(async () => json({ items: [] }));
    const onNotListed = vi.fn();
    renderUi(<VaspPicker feature={ON} value="" onSelect={vi.fn()} onNotListed={onNotListed} />);
    const input = screen.getByRole('combobox', { name: 'Find the VASP in the directory' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Nowhere Exchange' } });
    const listbox = screen.getByRole('listbox', { name: 'VASPs in the directory' });
    const offer = await within(listbox).findByRole('option', {
      name: /^Not listed… enter “Nowhere Exchange”/,
    });
    within(listbox).getByText('No match');
    expect(input.getAttribute('aria-activedescendant')).toBe(offer.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onNotListed).toHaveBeenCalledOnce();
    fireEvent.focus(input);
    fireEvent.mouseDown(await within(listbox).findByRole('option', { name: /^Not listed…/ }));
    expect(onNotListed).toHaveBeenCalledTimes(2);
  });

  it('without the directory: says why, no search box, nothing asked', () => {
    renderUi(
      <VaspPicker
        feature={off('statements:read_statement')}
        value=""
        onSelect={vi.fn()}
        onNotListed={vi.fn()}
      />,
    );
    screen.getByText('VASP directory unavailable');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
