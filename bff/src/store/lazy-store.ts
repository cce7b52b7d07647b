import type { NotificationOutbox } from './notification-outbox-port';
import { openStore, type StoreOptions } from './open-store';
import type { AddressBook } from './address-book-port';
import type { AddressImportStore } from './address-import-port';
import type { ApprovalStore } from './approval-port';
import type { AuditLog } from './audit-log-port';
import type { PasskeyStore } from './passkey-port';
import type { Store } from './store-port';
import type { TransferStatusStore } from './transfer-status-port';
import type { WithdrawalLedger } from './withdrawal-ledger-port';
import type { SessionStore } from './session-port';
import type { WindowUsageReader } from './window-usage-port';

/**
 * A store that opens (and migrates) its database on first use: for in-process test apps whose
 * tests may never touch the ledger, so they do not pay PGlite's start-up (seconds) for nothing.
 */
export function openStoreLazily(options: StoreOptions = {}): Store {
  let opening: ReturnType<typeof openStore> | undefined;
  const store = () => (opening ??= openStore(options));
  const forward = <T extends object>(pick: (s: Store) => T): T =>
    new Proxy({} as T, {
      get:
        (_target, method) =>
        async (...args: unknown[]) => {
          const target = pick(await store()) as Record<PropertyKey, (...a: unknown[]) => unknown>;
          return target[method]!(...args);
        },
    });
  return {
    ledger: forward<WithdrawalLedger>((s) => s.ledger),
    addressBook: forward<AddressBook>((s) => s.addressBook),
    addressImports: forward<AddressImportStore>((s) => s.addressImports!),
    audit: forward<AuditLog>((s) => s.audit),
    approvals: forward<ApprovalStore>((s) => s.approvals!),
    passkeys: forward<PasskeyStore>((s) => s.passkeys!),
    sessions: forward<SessionStore>((s) => s.sessions!),
    ping: async () => (await store()).ping?.(),
    transferStatus: forward<TransferStatusStore>((s) => s.transferStatus!),
    notificationOutbox: forward<NotificationOutbox>((s) => s.notificationOutbox!),
    windowUsage: forward<WindowUsageReader>((s) => s.windowUsage!),
    async close() {
      // A store that never opened (or failed to) has nothing to release.
      const opened = await opening?.catch(() => undefined);
      await opened?.close();
    },
  };
}
