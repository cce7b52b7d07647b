-- Write-ahead withdrawal ledger: one row per intent (ref_id), recorded before any upstream call.
CREATE TABLE withdrawals (
  -- Insertion order: the keyset for "newest first" paging (timestamps can tie).
  seq bigserial PRIMARY KEY,
  ref_id text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('submitting', 'created', 'refused', 'unknown')),
  operator_subject text NOT NULL,
  operator_name text NOT NULL,
  request_hash text NOT NULL,
  request jsonb NOT NULL,
  -- Copied out of the request for the network filter.
  crypto_network text,
  transfer jsonb,
  problem jsonb,
  -- The attempt that holds the record now, and until when (a lease): while it runs no other
  -- request, in this instance or another one on the same database, calls the upstream for this
  -- ref_id. A lease that ran out belongs to a crashed process: the record reads as unknown.
  current_attempt integer NOT NULL DEFAULT 1,
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX withdrawals_status_seq ON withdrawals (status, seq DESC);
CREATE INDEX withdrawals_operator_seq ON withdrawals (operator_subject, seq DESC);
CREATE INDEX withdrawals_network_seq ON withdrawals (crypto_network, seq DESC);

-- Every try at the upstream for a ref_id, numbered from 1.
CREATE TABLE withdrawal_attempts (
  ref_id text NOT NULL REFERENCES withdrawals (ref_id),
  number integer NOT NULL CHECK (number > 0),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  result text CHECK (result IN ('created', 'refused', 'unknown', 'replayed')),
  upstream_status integer,
  detail text,
  request_id text,
  PRIMARY KEY (ref_id, number)
);
