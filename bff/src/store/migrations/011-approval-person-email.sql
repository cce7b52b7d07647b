-- One operator identity (contract/identity.ts): four eyes tells people apart by their subject and
-- their e-mail, case-folded, so a request and each vote keep the e-mail the login carried (NULL
-- when the SSO sent none). Rows written before this kept it only as their attribution when
-- APPROVAL_ATTRIBUTION=email (an attribution other than the subject is the e-mail): that is
-- copied here, so a person who initiated under one mode is still recognised after a switch.
ALTER TABLE approval_requests ADD COLUMN initiator_email text;
ALTER TABLE approval_votes ADD COLUMN approver_email text;
UPDATE approval_requests SET initiator_email = initiator_attribution
  WHERE initiator_attribution <> initiator_subject;
UPDATE approval_votes SET approver_email = approver_attribution
  WHERE approver_attribution <> approver_subject;
