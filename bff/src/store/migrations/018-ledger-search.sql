-- The ledger's filters and search (issue 24 item 4) and the ledger and audit lists at scale
-- (issue 27 item 4: 300,000 withdrawals, 1,000,000 audit events, each filter within 50 ms).

-- The destination as the search matches it (bff/src/store/ledger-search.ts writes it with every
-- new record): 'i:' and the address in lower case where the address's network ignores case (EVM,
-- Sui, bech32, CashAddr), 's:' and the address as written where its case carries information
-- (base58, Stellar). One prefix index then serves both: a search looks up 's:<as typed>' and
-- 'i:<lower case>'.
ALTER TABLE withdrawals ADD COLUMN destination_search text;

-- The records written before this migration, by the networks and case rules of that day
-- (contract/networks/families.ts); new records get theirs from canonicalAddress's families.
UPDATE withdrawals
   SET destination_search = CASE
     WHEN crypto_network IN ('ETHEREUM', 'POLYGON_POS', 'BASE', 'ARBITRUM_ONE', 'INK', 'XLAYER',
                             'AVALANCHE', 'BNB', 'ROBINHOOD', 'SUI')
       THEN 'i:' || lower(btrim(request->>'destination_address'))
     WHEN crypto_network IN ('BITCOIN', 'LITECOIN')
          AND btrim(request->>'destination_address') ~* '^(bc|tb|bcrt|ltc|tltc|rltc)1'
       THEN 'i:' || lower(btrim(request->>'destination_address'))
     WHEN crypto_network = 'BITCOIN_CASH'
          AND btrim(request->>'destination_address') ~* '^(bitcoincash:|bchtest:|[qpzr])'
       THEN 'i:' || lower(btrim(request->>'destination_address'))
     ELSE 's:' || btrim(request->>'destination_address')
   END
 WHERE request->>'destination_address' IS NOT NULL;

-- The transfer's hash as the search matches it, kept by the database whoever writes the transfer
-- (the outcome, the status refresher): a hex hash ('0x…' or bare, every chain but Solana and Sui)
-- in lower case, any other (base58 signatures and digests) as written.
ALTER TABLE withdrawals ADD COLUMN tx_hash_search text GENERATED ALWAYS AS (
  CASE
    WHEN transfer->>'crypto_tx_hash' ~ '^(0x)?[0-9A-Fa-f]+$'
      THEN 'i:' || lower(transfer->>'crypto_tx_hash')
    WHEN transfer->>'crypto_tx_hash' <> ''
      THEN 's:' || (transfer->>'crypto_tx_hash')
  END
) STORED;

-- Prefix search (LIKE 'x%'): text_pattern_ops indexes serve it whatever the database's collation.
CREATE INDEX withdrawals_ref_id_prefix ON withdrawals (ref_id text_pattern_ops);
CREATE INDEX withdrawals_destination_prefix ON withdrawals (destination_search text_pattern_ops);
CREATE INDEX withdrawals_tx_hash_prefix ON withdrawals (tx_hash_search text_pattern_ops);

-- The asset filter, newest first.
CREATE INDEX withdrawals_asset_seq ON withdrawals ((request->>'asset'), seq DESC);

-- A date range (the ledger's created_at, the audit trail's at) is read newest first by time, then
-- by the key (store/keyset-page.ts, byTime): one backward range of these indexes, however far
-- back the range lies. Ordered by the key alone, PostgreSQL walked the key's index from the
-- newest row and passed over every row newer than the range (1,000,000 events: 119 ms and more
-- for a month six months back).
CREATE INDEX withdrawals_created_at_seq ON withdrawals (created_at, seq);
CREATE INDEX audit_events_at_id ON audit_events (at, id);
-- (at, id) serves whatever (at) did.
DROP INDEX audit_events_at;
