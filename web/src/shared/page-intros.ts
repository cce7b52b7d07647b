// The title and description of the pages whose header says the same to everyone: one home for
// their words, read by the pages' headers, by the placeholder React shows while the operator signs
// in (app/shell-placeholder.tsx) and by the build, which writes each page's header into a copy of
// index.html that the BFF serves for that page's path (scripts/vite-page-shells.ts,
// bff/src/http/spa-static.ts). A phone on a slow network then reads the page's name and what it
// is for as soon as the document arrives, not after the app's JavaScript has loaded and run:
// that paragraph is the page's largest text, and on Lighthouse's mobile preset it painted at about
// 3.1 s against 1.0 s for the document (docs/bench.md, "Lighthouse"). Plain data and string
// functions only: the build imports this file outside the browser.

export interface PageIntro {
  /** The page's path, as the router matches it (no parameters: those pages say who or what). */
  path: string;
  title: string;
  description: string;
}

export const PAGE_INTROS = {
  statements: {
    path: '/statements',
    title: 'Statements',
    description:
      'Reward statements of one customer, read from the upstream. Amounts are exact decimals; times are UTC (hover for local time).',
  },
  addresses: {
    path: '/addresses',
    title: 'Addresses',
    description:
      "Saved crypto destination addresses with their Travel Rule details: the console's address book and the addresses saved at the service, each once. Bookmarked addresses come first.",
  },
  addressEditor: {
    path: '/addresses/new',
    title: 'Save an address',
    description:
      'A crypto destination address with its Travel Rule details. Saving creates it, or updates the one with the same network, address and identity id.',
  },
  addressImport: {
    path: '/addresses/import',
    title: 'Import addresses',
    description:
      'Save many addresses from a CSV file: each row is checked as the address editor checks it, and nothing is saved before you see the preview.',
  },
  withdrawals: {
    path: '/withdrawals',
    title: 'Withdrawals',
    description: 'Every withdrawal submitted through this console, recorded before it was sent.',
  },
  newWithdrawal: {
    path: '/withdrawals/new',
    title: 'New withdrawal',
    description:
      'Send an asset from a profile to a blockchain address. Review comes before anything is sent.',
  },
  batches: {
    path: '/batches',
    title: 'Withdrawal batches',
    description:
      'Every batch uploaded from a CSV file, newest first: open one to follow its rows, send it or download its report. Times are UTC (hover for local time).',
  },
  newBatch: {
    path: '/batches/new',
    title: 'Batch withdrawals',
    description:
      'Send many withdrawals from one CSV file: each row is checked as a single withdrawal is, and the whole batch passes the approval policy as one.',
  },
  approvals: {
    path: '/approvals',
    title: 'Approvals',
    description:
      'Withdrawals and address changes waiting for a second person, and what was decided. Nothing is sent to the service until the last approval.',
  },
  audit: {
    path: '/audit',
    title: 'Audit trail',
    description:
      'Every write attempt through this console and its outcome, append-only. Times are UTC (hover for local time).',
  },
  passkeys: {
    path: '/passkeys',
    title: 'Passkeys',
    description:
      'Your own keys sign each approval and rejection, over exactly what you decide: an SSO session alone never moves money.',
  },
  policy: {
    path: '/policy',
    title: 'Approval policy',
    description:
      'What waits for a second person before money moves or a destination changes. The console enforces it on every path; this page says it before anyone trips on it.',
  },
} as const satisfies Record<string, PageIntro>;

/** The intro of the page at `pathname` (a trailing slash aside), if its header is the same for all. */
export function introFor(pathname: string): PageIntro | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return Object.values(PAGE_INTROS).find((intro) => intro.path === path);
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
/** Text as HTML text or an attribute's value: the five characters React escapes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The page header's markup for an intro, as components/ui/page-header.tsx renders it without
 * actions (page-intros.test.tsx holds the two together): what the build writes into the page's
 * copy of index.html.
 */
export function introHtml(intro: PageIntro): string {
  return `<div class="page-header"><div><h1>${escapeHtml(intro.title)}</h1><p class="muted">${escapeHtml(intro.description)}</p></div></div>`;
}
