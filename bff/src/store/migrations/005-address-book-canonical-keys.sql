-- Address-book keys follow canonicalAddress (contract/networks/canonical-address.ts). The only
-- keys that rule changes are Bitcoin Cash CashAddr ones: keyed lower-case with their
-- "bitcoincash:" prefix, written or not (before: as typed). Entries saved under the old key are
-- moved to the new one with their history. When two old entries are one address (the defect this
-- fixes) or the new key is taken, they are left as they are: a person merges them by saving again.
CREATE TEMP TABLE address_key_moves ON COMMIT DROP AS
SELECT key AS old_key,
       'BITCOIN_CASH:' ||
         CASE WHEN position(':' IN address) > 0 THEN lower(address)
              ELSE 'bitcoincash:' || lower(address) END ||
         ':' || coalesce(identity_id, '') AS new_key
  FROM address_book
 WHERE crypto_network = 'BITCOIN_CASH'
   AND address ~* '^(bitcoincash:)?[qpzr][0-9a-z]+$';

DELETE FROM address_key_moves
 WHERE old_key = new_key
    OR new_key IN (SELECT new_key FROM address_key_moves GROUP BY new_key HAVING count(*) > 1)
    OR new_key IN (SELECT key FROM address_book);

INSERT INTO address_book (key, crypto_network, address, identity_id, nickname, bookmarked,
    has_travel_rule, upstream, saved_by_subject, saved_by_name, updated_at, version)
SELECT m.new_key, b.crypto_network, b.address, b.identity_id, b.nickname, b.bookmarked,
       b.has_travel_rule, b.upstream, b.saved_by_subject, b.saved_by_name, b.updated_at, b.version
  FROM address_book b JOIN address_key_moves m ON m.old_key = b.key;

UPDATE address_history h SET key = m.new_key FROM address_key_moves m WHERE h.key = m.old_key;

DELETE FROM address_book WHERE key IN (SELECT old_key FROM address_key_moves);
