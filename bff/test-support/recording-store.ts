// A Store for tests that only look at what the address and audit features record, without
// paying PGlite's start-up. The withdrawal ledger is not implemented here: tests of withdrawals
// use the real store.
import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '#contract/audit';
import type { OperatorRef } from '#contract/operator-ref';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import type { NewAuditEvent } from '#bff/store/audit-log-port';
import type { Store } from '#bff/store/store-port';
import type { WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';

export interface RecordingStore extends Store {
  events: AuditEvent[];
  saved: Array<{ address: CryptoDestinationAddress; operator: OperatorRef }>;
  /** Makes the next `times` audit appends fail (to test that the answer does not depend on it). */
  failNextAppend(times?: number): void;
  /** Makes the next `times` address-book writes fail (a database hiccup after the upstream saved). */
  failNextRecordSaved(times?: number): void;
}

export function createRecordingStore(): RecordingStore {
  const events: AuditEvent[] = [];
  const saved: RecordingStore['saved'] = [];
  let failAppends = 0;
  let failRecordSaved = 0;
  const ledger = new Proxy({} as WithdrawalLedger, {
    get: () => () => Promise.reject(new Error('the recording store has no withdrawal ledger')),
  });
  const addressBook: Store['addressBook'] = {
    async recordSaved(address, operator) {
      if (failRecordSaved > 0) {
        failRecordSaved--;
        throw new Error('address book write failed (test)');
      }
      saved.push({ address, operator });
      return { address, operator } as never;
    },
    // As the SQL book: one write, all or nothing.
    async recordSavedMany(saves) {
      if (failRecordSaved > 0) {
        failRecordSaved--;
        throw new Error('address book write failed (test)');
      }
      const entries = await Promise.all(
        saves.map((s) => addressBook.recordSaved(s.address, s.operator)),
      );
      return entries.map((entry) => entry.version);
    },
    find: async () => undefined,
    findById: async () => undefined,
    get: async () => undefined,
    getMany: async () => new Map(),
    list: async () => [],
    setArchived: async () => undefined,
    setMemo: async () => undefined,
    page: async () => [],
    history: async () => [],
  };
  const audit: Store['audit'] = {
    async append(event: NewAuditEvent) {
      if (failAppends > 0) {
        failAppends--;
        throw new Error('audit append failed (test)');
      }
      const stored: AuditEvent = { ...event, id: randomUUID(), at: new Date().toISOString() };
      events.push(stored);
      return stored;
    },
    // As the SQL log: one write, all or nothing.
    async appendMany(many) {
      if (failAppends > 0) {
        failAppends--;
        throw new Error('audit append failed (test)');
      }
      for (const event of many) await audit.append(event);
    },
    list: async () => ({ events }),
  };
  return {
    events,
    saved,
    failNextAppend: (times = 1) => void (failAppends = times),
    failNextRecordSaved: (times = 1) => void (failRecordSaved = times),
    ledger,
    addressBook,
    audit,
    close: async () => undefined,
  };
}
