-- The write limit's counters when several BFF instances share this database: one fixed window
-- per key (e.g. "write:operator:<subject>"), so an operator gets the limit once, not once per
-- instance. Rows are short-lived; expired ones are deleted now and then.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 0),
  reset_at timestamptz NOT NULL
);

CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits (reset_at);
