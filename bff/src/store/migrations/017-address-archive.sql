-- Issue 26 item 9: an address can be archived in the console's book (hidden from pickers; the
-- service keeps its record, which the console cannot delete). Issue 28 item 2: an address file is
-- imported in two steps (preview, apply); its rows wait here, so neither step holds the file.
ALTER TABLE address_book ADD COLUMN archived_at timestamptz;
ALTER TABLE address_book ADD COLUMN archived_by_subject text;
ALTER TABLE address_book ADD COLUMN archived_by_name text;

CREATE TABLE address_imports (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by_subject text NOT NULL,
  created_by_name text NOT NULL,
  -- previewed, applying, applied
  status text NOT NULL,
  row_count integer NOT NULL DEFAULT 0,
  invalid_count integer NOT NULL DEFAULT 0,
  create_count integer NOT NULL DEFAULT 0,
  update_count integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  look_alike_count integer NOT NULL DEFAULT 0
);

CREATE TABLE address_import_rows (
  import_id text NOT NULL REFERENCES address_imports (id) ON DELETE CASCADE,
  -- The row's line in the file (the header is line 1).
  line integer NOT NULL,
  -- create, update, unchanged, invalid
  kind text NOT NULL,
  crypto_network text,
  address text,
  -- "NETWORK:canonical address:identity": a second row of the same destination is an error.
  destination_key text,
  -- The look-alike probe (first and last characters): rows of the file checked against each other.
  probe text,
  request jsonb,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  diff jsonb NOT NULL DEFAULT '[]'::jsonb,
  look_alikes jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- After apply: created, updated, awaiting_approval, refused, unknown, unchanged.
  outcome text,
  outcome_detail text,
  approval_id text,
  PRIMARY KEY (import_id, line)
);

CREATE INDEX address_import_rows_probe ON address_import_rows (import_id, probe);
CREATE INDEX address_import_rows_destination ON address_import_rows (import_id, destination_key);
