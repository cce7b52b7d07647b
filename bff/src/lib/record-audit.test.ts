import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '#contract/audit';
import { createLogger } from '../logger';
import type { AuditLog, NewAuditEvent } from '../store/audit-log-port';
import { recordAudit, recordAudits } from './record-audit';

const event: NewAuditEvent = {
  operator_subject: 'alice',
  roles: ['withdrawal-initiator'],
  action: 'withdrawal.submit',
  target: 'ref-1',
  request_hash: 'h',
  outcome: 'created',
  request_id: 'req-1',
};

/** An audit log whose first `failures` appends fail. */
function flakyAudit(failures: number): AuditLog & { events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  let left = failures;
  return {
    events,
    async append(e) {
      if (left-- > 0) throw new Error('database hiccup');
      const stored = { ...e, id: String(events.length + 1), at: new Date(0).toISOString() };
      events.push(stored);
      return stored;
    },
    async appendMany(many) {
      if (left-- > 0) throw new Error('database hiccup');
      for (const e of many)
        events.push({ ...e, id: String(events.length + 1), at: new Date(0).toISOString() });
    },
    async list() {
      return { events };
    },
  };
}

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('recordAudit', () => {
  it('appends the event, trying again after a failure', async () => {
    const audit = flakyAudit(1);
    const { logger, lines } = capturingLogger();
    await recordAudit({ audit, logger }, event);
    expect(audit.events).toEqual([expect.objectContaining(event)]);
    expect(lines.filter((l) => l.alert === 'record_not_written')).toEqual([]);
  });

  it('never throws: when every try fails, it raises the alert with what names the event', async () => {
    const audit = flakyAudit(99);
    const { logger, lines } = capturingLogger();
    await expect(
      recordAudit({ audit, logger }, event, { approval_id: 'apr-1' }),
    ).resolves.toBeUndefined();
    expect(audit.events).toEqual([]);
    expect(lines.find((l) => l.alert === 'record_not_written')).toMatchObject({
      msg: 'audit event not recorded after 4 tries',
      req_id: 'req-1',
      action: 'withdrawal.submit',
      target: 'ref-1',
      outcome: 'created',
      approval_id: 'apr-1',
    });
  });
});

describe('recordAudits', () => {
  const second = { ...event, target: 'ref-2', request_id: 'req-2' };

  it('appends the events in their order, trying the write again after a failure', async () => {
    const audit = flakyAudit(1);
    const { logger, lines } = capturingLogger();
    await recordAudits({ audit, logger }, [event, second]);
    expect(audit.events.map((e) => e.target)).toEqual(['ref-1', 'ref-2']);
    expect(lines.filter((l) => l.alert === 'record_not_written')).toEqual([]);
  });

  it('never throws: when every try fails, the alert names each event', async () => {
    const audit = flakyAudit(99);
    const { logger, lines } = capturingLogger();
    await expect(recordAudits({ audit, logger }, [event, second])).resolves.toBeUndefined();
    expect(lines.find((l) => l.alert === 'record_not_written')).toMatchObject({
      msg: '2 audit events not recorded after 4 tries',
      req_ids: ['req-1', 'req-2'],
      targets: ['ref-1', 'ref-2'],
    });
  });
});
