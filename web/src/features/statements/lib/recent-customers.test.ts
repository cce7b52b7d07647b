import { beforeEach, describe, expect, it } from 'vitest';
import {
  RECENT_CUSTOMERS_KEY,
  readRecentCustomers,
  rememberCustomer,
  withRecentCustomer,
} from './recent-customers';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';

describe('recent customers', () => {
  beforeEach(() => window.localStorage.clear());

  it('puts the newest first, once, and keeps at most the maximum', () => {
    expect(withRecentCustomer([A, B, C], B)).toEqual([B, A, C]);
    expect(withRecentCustomer([A, B], C, 2)).toEqual([C, A]);
    expect(withRecentCustomer([A], '  ')).toEqual([A]);
  });

  it('keeps one lower-case spelling of a UUID and never a truncated id', () => {
    expect(withRecentCustomer([A], A.toUpperCase())).toEqual([A]);
    expect(withRecentCustomer([A], B.slice(0, 20))).toEqual([A]);
  });

  it('remembers across reads in localStorage', () => {
    rememberCustomer(A);
    rememberCustomer(B);
    rememberCustomer(A);
    expect(readRecentCustomers()).toEqual([A, B]);
  });

  it('ignores a damaged stored value and drops ids that are not well formed', () => {
    window.localStorage.setItem(RECENT_CUSTOMERS_KEY, '{not json');
    expect(readRecentCustomers()).toEqual([]);
    window.localStorage.setItem(
      RECENT_CUSTOMERS_KEY,
      JSON.stringify([A, 3, '', 'cdcbff8e-cf51', A.toUpperCase(), B]),
    );
    expect(readRecentCustomers()).toEqual([A, B]);
  });
});
