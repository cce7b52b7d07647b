-- Rolling limits per initiator (issue 37 item 1): one person is one window, whichever
-- identifiers a login carries. The window kept one person key (the e-mail when the login had
-- one, else the subject), so a login with the e-mail and one without it were two windows. Each
-- entry now keeps the login's folded user id and folded e-mail (contract/identity.ts
-- foldedPerson), and a per-initiator window counts every entry that could be the same person,
-- the rule four eyes applies to a self-approval. `initiator` stays written (the person key), so
-- an instance of the previous version still reads the table during a rolling restart.
ALTER TABLE withdrawal_window ADD COLUMN initiator_user_id text;
ALTER TABLE withdrawal_window ADD COLUMN initiator_email text;
-- Entries written before: the person key was the e-mail when the login carried one.
UPDATE withdrawal_window
   SET initiator_email = CASE WHEN position('@' in initiator) > 0 THEN initiator END,
       initiator_user_id = CASE WHEN position('@' in initiator) > 0 THEN NULL ELSE initiator END;
