-- An import row's outcome in a narrow table of its own (issue 41 item 5). The apply wrote each
-- page's outcomes as an UPDATE of the wide preview rows (request, errors, diff and look-alikes
-- as jsonb, ~1.5 KB a row): PostgreSQL writes a whole new version of an updated row and an entry
-- in each of the table's three indexes, 8-12 ms for a page of 100 rows on PGlite, where
-- inserting the same outcomes here takes under 1 ms. The old columns stay: an instance of the
-- previous version reads and writes them during a rolling restart, and a row's outcome is read
-- from them where this table has none.
CREATE TABLE address_import_outcomes (
  import_id text NOT NULL REFERENCES address_imports (id) ON DELETE CASCADE,
  line integer NOT NULL,
  -- created, updated, awaiting_approval, refused, unknown, unchanged.
  outcome text NOT NULL,
  outcome_detail text,
  approval_id text,
  PRIMARY KEY (import_id, line)
);

INSERT INTO address_import_outcomes (import_id, line, outcome, outcome_detail, approval_id)
SELECT import_id, line, outcome, outcome_detail, approval_id
  FROM address_import_rows
 WHERE outcome IS NOT NULL;
