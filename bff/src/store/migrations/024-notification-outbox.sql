-- Notifications (e-mail, Slack) wait here until delivered: a decision only adds a row, in its own
-- statement, and never waits for a mail server. The deliverer claims due rows (a lease in
-- next_at, FOR UPDATE SKIP LOCKED: one instance each), retries with growing pauses, and gives up
-- after its last try (given_up_at, logged). The message holds no server address or credential:
-- those stay in the configuration.
CREATE TABLE notification_outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  message jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  given_up_at timestamptz,
  last_error text
);
CREATE INDEX notification_outbox_due ON notification_outbox (next_at)
  WHERE sent_at IS NULL AND given_up_at IS NULL;
