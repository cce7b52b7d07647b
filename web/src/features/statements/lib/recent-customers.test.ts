import { beforeEach, describe, expect, it } from 'vitest';
import {
  RECENT_CUSTOMERS_KEY,
  readRecentCustomers,
  rememberCustomer,
  withRecentCustomer,
} from './recent-customers';

describe('recent customers', () => {
  beforeEach(() => window.localStorage.clear());

  it('puts the newest first, once, and keeps at most the maximum', () => {
    expect(withRecentCustomer(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(withRecentCustomer(['a', 'b'], 'c', 2)).toEqual(['c', 'a']);
    expect(withRecentCustomer(['a'], '  ')).toEqual(['a']);
  });

  it('remembers across reads in localStorage', () => {
    rememberCustomer('c1');
    rememberCustomer('c2');
    rememberCustomer('c1');
    expect(readRecentCustomers()).toEqual(['c1', 'c2']);
  });

  it('ignores a damaged stored value', () => {
    window.localStorage.setItem(RECENT_CUSTOMERS_KEY, '{not json');
    expect(readRecentCustomers()).toEqual([]);
    window.localStorage.setItem(RECENT_CUSTOMERS_KEY, JSON.stringify(['ok', 3, '']));
    expect(readRecentCustomers()).toEqual(['ok']);
  });
});
