import { describe, expect, it } from 'vitest';
import { PAGE_INTROS, paintPageIntro } from './page-intros';

const shell = () => {
  const doc = document.implementation.createHTMLDocument('shell');
  doc.body.innerHTML =
    '<div id="root"><header class="app-header"></header><main class="app-main"><div class="skeleton-rows"></div></main></div>';
  return doc;
};

describe('paintPageIntro', () => {
  it("paints a shared link's page heading and intro above the placeholder rows", () => {
    const doc = shell();
    paintPageIntro(doc, '/withdrawals/new');
    const main = doc.querySelector('main')!;
    expect(main.firstElementChild?.className).toBe('page-header');
    expect(main.querySelector('h1')?.textContent).toBe(PAGE_INTROS['/withdrawals/new'].title);
    expect(main.querySelector('p.muted')?.textContent).toBe(
      PAGE_INTROS['/withdrawals/new'].description,
    );
    expect(main.lastElementChild?.className).toBe('skeleton-rows');
  });

  it('paints nothing for a page it has no intro for, or one named like an object key', () => {
    for (const path of ['/withdrawals', '/toString', '/']) {
      const doc = shell();
      paintPageIntro(doc, path);
      expect(doc.querySelector('h1')).toBeNull();
    }
  });

  it('writes text, never markup', () => {
    const doc = shell();
    paintPageIntro(doc, '/statements');
    expect(doc.querySelector('p.muted')?.children).toHaveLength(0);
  });
});
