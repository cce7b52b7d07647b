// Takes the README's and the review's screenshots from a running console:
//   npm start   (in one terminal), then   node scripts/screenshots.mjs [http://localhost:8080]
// Desktop 1280x800 and phone 390x844, into docs/screenshots/. Uses Debian's chromium like the e2e suite.
import { shootPages } from './screenshot-pages.mjs';

const base = process.argv[2] ?? 'http://localhost:8080';
const customer = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const pages = [
  ['statements', `/statements?customer_id=${customer}`],
  ['addresses', '/addresses'],
  ['address-editor', '/addresses/new'],
  ['withdrawals', '/withdrawals'],
  ['withdrawal-new', '/withdrawals/new'],
  ['audit', '/audit'],
];
await shootPages(base, pages);
