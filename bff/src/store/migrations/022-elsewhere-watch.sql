-- Reconciliation (issue 39). The ledger is matched to the service's transfers by ref_id, or by
-- the created transfer's id when the service lists one without a ref_id.
CREATE INDEX withdrawals_transfer_id ON withdrawals ((transfer->>'id')) WHERE transfer IS NOT NULL;
CREATE INDEX withdrawals_created_at ON withdrawals (created_at, seq);

-- The elsewhere watcher's place in the service's transfer list (ascending by created_at): the
-- newest created_at it has read and the ids read at exactly that instant (the next round asks
-- from that instant again and skips them). One row per watcher; the lease lets one instance at
-- a time read, so a second instance never doubles a round and a stopped one is taken over.
CREATE TABLE elsewhere_watch (
  name text PRIMARY KEY,
  cursor_created_at text,
  cursor_ids text[] NOT NULL DEFAULT '{}',
  lease_holder text,
  lease_until timestamptz,
  -- When a round last read the list to its end.
  watched_until timestamptz
);

-- One row per withdrawal made outside this console: the insert that wins announces it (one audit
-- event, one webhook message), with a claim so a crash mid-announcement is announced again.
CREATE TABLE elsewhere_alerts (
  transfer_id text PRIMARY KEY,
  ref_id text,
  transfer jsonb NOT NULL,
  created_at text,
  found_at timestamptz NOT NULL DEFAULT now(),
  announce_claimed_until timestamptz,
  announced_at timestamptz,
  acknowledged_at timestamptz,
  acknowledged_by_subject text,
  acknowledged_by_name text
);
CREATE INDEX elsewhere_alerts_unannounced ON elsewhere_alerts (found_at) WHERE announced_at IS NULL;
CREATE INDEX elsewhere_alerts_found ON elsewhere_alerts (found_at DESC);
