import { describe, expect, it } from 'vitest';
import { HttpProblem } from '#bff/http/http-problem';
import {
  parseStatementsQuery,
  upstreamQueryReader,
  upstreamStatementsQuery,
} from './statements-query';

describe('upstreamQueryReader', () => {
  const urls = [
    '/api/statements?customer_id=c1&limit=100',
    '/api/statements?customer_id=c1&statuses=STATEMENT_STATUS_GENERATED&statuses=STATEMENT_STATUS_INITIATED&order=ASC',
    `/api/statements?customer_id=c1&page_cursor=${'x'.repeat(2_000)}`,
    '/api/statements?customer_id=%20c1%20',
  ];

  it('answers what validating the query and rebuilding it answers, remembered or not', () => {
    const read = upstreamQueryReader();
    for (const url of [...urls, ...urls])
      expect(read(url)).toBe(upstreamStatementsQuery(parseStatementsQuery(url)));
  });

  it('refuses an invalid query every time, also after valid ones', () => {
    const read = upstreamQueryReader();
    read('/api/statements?customer_id=c1&limit=100');
    for (const url of [
      '/api/statements?customer_id=c1&limit=0',
      '/api/statements?customer_id=c1&limit=0',
      '/api/statements?limit=100',
      '/api/statements',
      '/api/statements?customer_id=c1&limit=100&extra=1',
    ])
      expect(() => read(url), url).toThrow(HttpProblem);
  });
});
