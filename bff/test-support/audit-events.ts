import type { AuditEvent } from '#contract/audit';
import type { TestBff } from './start-test-bff';

/** Every audit event of `action`, read page by page (500 a page) as a client walks the cursor. */
export async function allAuditEvents(bff: TestBff, action: string): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for (let cursor: string | undefined = ''; cursor !== undefined;) {
    const query = `action=${action}&limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const page = (await bff.request('GET', `/api/audit?${query}`)).body as {
      events: AuditEvent[];
      next_cursor?: string;
    };
    events.push(...page.events);
    cursor = page.next_cursor;
  }
  return events;
}
