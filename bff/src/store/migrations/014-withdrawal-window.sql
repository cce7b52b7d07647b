-- Rolling limits (four eyes, rolling_limits): what each withdrawal counts against the policy's
-- cumulative limits. Written under the limits' lock in the same transaction as the decision that
-- read the window, so of two concurrent submits the second always sees the first. An entry counts
-- while its ledger record is sent or held (not refused, not "not_sent"), or, for a few minutes,
-- while the ledger has no record yet (the submit that decided it is writing it).
CREATE TABLE withdrawal_window (
  ref_id text PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- The initiator's person key (contract/identity.ts personKey).
  initiator text NOT NULL,
  -- "NETWORK:canonical address".
  destination text NOT NULL,
  asset text NOT NULL,
  -- The withdrawal's amount (or total), in its asset.
  quantity numeric NOT NULL
);

CREATE INDEX withdrawal_window_at ON withdrawal_window (at);
