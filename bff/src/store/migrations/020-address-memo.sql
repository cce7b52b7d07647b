-- Issue 26 item 5: the address book keeps a memo (Stellar's memo, a destination tag) with an
-- address on a network that uses one, and the withdrawal form prefills it when that address is
-- picked. The console's own: the service's saved address has no memo.
ALTER TABLE address_book ADD COLUMN memo text;
