import { describe, expect, it } from 'vitest';
import { destinationStateWords } from './destination-state-words';

describe('destinationStateWords', () => {
  it('says one thing for one fact, wherever it is shown', () => {
    expect(destinationStateWords({ book: { nickname: 'Payroll' } })).toBe(
      'Saved in the address book as “Payroll”',
    );
    // Saved only at the service: never "Not in the address book" alone, never "Saved as" alone.
    expect(destinationStateWords({ service: { nickname: 'Treasury cold wallet' } })).toBe(
      'Saved at the service as “Treasury cold wallet” (not through this console)',
    );
    expect(destinationStateWords({ serviceUnread: true })).toMatch(/could not be read/);
    expect(destinationStateWords({})).toBe(
      'Not saved: neither in the address book nor at the service',
    );
  });
});
