import { describe, expect, it } from 'vitest';
import { readJsonBody, type UpstreamResponse } from './upstream-client';

const answer = (text: string): UpstreamResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: { text: async () => text } as unknown as UpstreamResponse['body'],
  possiblyCommitted: false,
  attempts: 1,
});

describe('readJsonBody', () => {
  it('keeps every digit of an int64 version (the CSV export reads pages through it)', async () => {
    const body = await readJsonBody(answer('{"statements":[{"version":9223372036854775807}]}'));
    expect(body).toEqual({ ok: true, value: { statements: [{ version: '9223372036854775807' }] } });
  });
});
