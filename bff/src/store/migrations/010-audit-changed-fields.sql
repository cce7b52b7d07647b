-- What an address update changed, as the request's dotted field names ("nickname",
-- "travelrule_metadata.vasp.id"); never the values (Travel Rule data is personal data, and the
-- address book's history keeps every version). NULL for events that are not updates.
ALTER TABLE audit_events ADD COLUMN changed_fields text[];
