// The heading and intro of the pages a shared link most often opens. The page renders them, and
// the entry (main.tsx) paints them into index.html's shell before the app's code has arrived: on
// a phone the intro is the largest text on screen, and waiting for React, the router and the page
// chunk to show it put Lighthouse's largest contentful paint seconds after the first paint
// (docs/bench.md, "Lighthouse"). Plain strings: the entry must stay free of React and zod.

export interface PageIntro {
  title: string;
  description: string;
}

export const PAGE_INTROS = {
  '/statements': {
    title: 'Statements',
    description:
      'Reward statements of one customer, read from the upstream. Amounts are exact decimals; times are UTC (hover for local time).',
  },
  '/withdrawals/new': {
    title: 'New withdrawal',
    description:
      'Send an asset from a profile to a blockchain address. Review comes before anything is sent.',
  },
} as const satisfies Record<string, PageIntro>;

/** The intro of the page at `pathname`, when it is one the shell paints. */
export function pageIntroOf(pathname: string): PageIntro | undefined {
  return Object.hasOwn(PAGE_INTROS, pathname)
    ? PAGE_INTROS[pathname as keyof typeof PAGE_INTROS]
    : undefined;
}

/**
 * Puts the page's heading and intro into index.html's shell, above its placeholder rows, in
 * PageHeader's markup (components/ui/page-header.tsx), so React's first render of the page
 * shows the same text in the same place. Text only (textContent): nothing here is HTML.
 */
export function paintPageIntro(doc: Document, pathname: string): void {
  const intro = pageIntroOf(pathname);
  const main = doc.querySelector('#root > main');
  if (intro === undefined || main === null) return;
  const header = doc.createElement('div');
  header.className = 'page-header';
  const text = doc.createElement('div');
  const title = doc.createElement('h1');
  title.textContent = intro.title;
  const description = doc.createElement('p');
  description.className = 'muted';
  description.textContent = intro.description;
  text.append(title, description);
  header.append(text);
  main.prepend(header);
}
