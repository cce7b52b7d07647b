// The four-eyes pages' screenshots, from a running console in local mode (its demo policy holds a
// BTC withdrawal above 0.5):   npm start   then   node scripts/screenshots-approvals.mjs [url]
// Makes one held withdrawal as the local operator, then shows the queue and the decision page to
// the second local operator (dev mode's X-Dev-Operator), and the decision page to the initiator.
// Desktop 1280x800 and phone 390x844, into docs/screenshots/.
import { randomUUID } from 'node:crypto';
import { request } from '@playwright/test';
import { shootPages } from './screenshot-pages.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const api = await request.newContext({
  baseURL: base,
  extraHTTPHeaders: { 'X-CSRF': '1', Origin: base },
});
const held = await api.post('/api/withdrawals', {
  data: {
    ref_id: randomUUID(),
    profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
    asset: 'BTC',
    crypto_network: 'BITCOIN',
    destination_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    amount: '0.75',
    metadata: { invoice: 'INV-2026-114' },
  },
});
if (held.status() !== 202)
  throw new Error(`expected 202, got ${held.status()}: ${await held.text()}`);
const { approval } = await held.json();
await api.dispose();

const pages = [
  ['approvals', '/approvals', 'second-operator'],
  ['approval-decision', `/approvals/${approval.id}`, 'second-operator'],
  ['approval-own-request', `/approvals/${approval.id}`, undefined],
];
await shootPages(base, pages);
