import type { WindowUsageReader } from './window-usage-port';
import type { NotificationOutbox } from './notification-outbox-port';
import type { SessionStore } from './session-port';
import type { ActivityLedger, ElsewhereWatchStore } from './activity-port';
// The BFF's durable record, as the features see it: one port per record, each in its own
// `*-port.ts` beside the SQL that implements it (PGlite or PostgreSQL, open-store.ts).
import type { Store as RateLimitStore } from 'express-rate-limit';
import type { AddressBook } from './address-book-port';
import type { AddressImportStore } from './address-import-port';
import type { ApprovalStore } from './approval-port';
import type { AuditLog } from './audit-log-port';
import type { PasskeyStore } from './passkey-port';
import type { TransferStatusStore } from './transfer-status-port';
import type { WithdrawalBatchStore } from './withdrawal-batch-port';
import type { WithdrawalLedger } from './withdrawal-ledger-port';
import type { WithdrawalWindow } from './withdrawal-window-port';

export interface Store {
  /** The same window read as it stands, for the Policy page (absent: its use is not shown). */
  windowUsage?: WindowUsageReader;
  /** E-mail and Slack notifications waiting for delivery (absent: none are kept). */
  notificationOutbox?: NotificationOutbox;
  /** AUTH_MODE=oidc's sign-in sessions (absent in test doubles: that mode refuses every request). */
  sessions?: SessionStore;
  /** Absent in stores that keep no approvals (some tests and benchmarks): nothing is held. */
  approvals?: ApprovalStore;
  /** Absent in stores that keep no passkeys (test doubles): a policy requiring them refuses. */
  passkeys?: PasskeyStore;
  /** Batch withdrawals (absent in test doubles: the batch routes answer 404). */
  withdrawalBatches?: WithdrawalBatchStore;
  /** Absent in stores that keep no window (test doubles): a rolling limit then holds everything. */
  withdrawalWindow?: WithdrawalWindow;
  /** Absent in stores that keep no ledger (some tests): live status is then read, not kept. */
  transferStatus?: TransferStatusStore;
  ledger: WithdrawalLedger;
  /** Activity and reconciliation's reads of the ledger (absent in test doubles: routes 503). */
  activity?: ActivityLedger;
  /** The elsewhere watcher's position and alerts (absent in test doubles). */
  elsewhere?: ElsewhereWatchStore;
  addressBook: AddressBook;
  /** Absent in stores without it (test doubles): the import routes answer 503. */
  addressImports?: AddressImportStore;
  audit: AuditLog;
  /**
   * The write limit's counters, when several instances share the database (PostgreSQL); absent,
   * each process counts in memory (PGlite: one process per data directory anyway). A factory:
   * express-rate-limit refuses one store object shared by two limiters (two apps on one store).
   */
  writeLimits?: () => RateLimitStore;
  /** For /readyz: resolves when the database answers a trivial query (absent in test doubles). */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
