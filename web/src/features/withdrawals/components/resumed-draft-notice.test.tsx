import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ResumedDraftNotice } from './resumed-draft-notice';

afterEach(cleanup);

// Issue 42 item 1: after the gate's 409 the resumed draft said "never submitted" (the gate writes
// nothing to the ledger).
describe('ResumedDraftNotice after a gate refusal', () => {
  it('says it was submitted and refused, with the reason, not "never submitted"', () => {
    render(
      <MemoryRouter>
        <ResumedDraftNotice
          refId="ref-1"
          history={{ kind: 'never-submitted' }}
          gateRefused="not an approved destination"
          onDiscard={() => undefined}
        />
      </MemoryRouter>,
    );
    screen.getByText('Submitted and refused: not an approved destination');
    expect(screen.getByRole('status').textContent).toContain('Nothing was sent');
    expect(screen.getByRole('status').textContent).not.toContain('never submitted');
  });

  it('still says "never submitted" of a draft nobody submitted', () => {
    render(
      <MemoryRouter>
        <ResumedDraftNotice
          refId="ref-1"
          history={{ kind: 'never-submitted' }}
          onDiscard={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('never submitted');
  });
});
