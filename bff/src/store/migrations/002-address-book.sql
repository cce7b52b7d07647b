-- Address book: the upstream's latest answer per (network, address, identity) and every save.
CREATE TABLE address_book (
  -- "network:address:identity" (identity empty when none).
  key text PRIMARY KEY,
  crypto_network text NOT NULL,
  address text NOT NULL,
  identity_id text,
  nickname text,
  bookmarked boolean NOT NULL DEFAULT false,
  has_travel_rule boolean NOT NULL,
  upstream jsonb NOT NULL,
  saved_by_subject text NOT NULL,
  saved_by_name text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL CHECK (version > 0)
);

CREATE INDEX address_book_network ON address_book (crypto_network);

CREATE TABLE address_history (
  key text NOT NULL REFERENCES address_book (key),
  version integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  operator_subject text NOT NULL,
  operator_name text NOT NULL,
  upstream jsonb NOT NULL,
  PRIMARY KEY (key, version)
);
