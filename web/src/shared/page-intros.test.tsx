import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '../components/ui/page-header';
import { escapeHtml, introFor, introHtml, PAGE_INTROS } from './page-intros';

describe('page intros: the header index.html paints is the one React renders', () => {
  it.each(Object.entries(PAGE_INTROS))('%s: the same markup as PageHeader', (_key, intro) => {
    const react = renderToStaticMarkup(
      <MemoryRouter>
        <PageHeader title={intro.title} description={intro.description} />
      </MemoryRouter>,
    );
    expect(introHtml(intro)).toBe(react);
  });

  it('escapes what HTML would read as markup, as React does', () => {
    const intro = { path: '/x', title: `A & B <c>`, description: `"it's"` };
    const react = renderToStaticMarkup(
      <MemoryRouter>
        <PageHeader title={intro.title} description={intro.description} />
      </MemoryRouter>,
    );
    expect(introHtml(intro)).toBe(react);
    expect(escapeHtml(`<a href="x">'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#x27;&lt;/a&gt;');
  });

  it('finds the intro by exact path, a trailing slash aside; pages with parameters have none', () => {
    expect(introFor('/withdrawals/new')).toBe(PAGE_INTROS.newWithdrawal);
    expect(introFor('/withdrawals/new/')).toBe(PAGE_INTROS.newWithdrawal);
    expect(introFor('/withdrawals')).toBe(PAGE_INTROS.withdrawals);
    expect(introFor('/withdrawals/WD-1')).toBeUndefined();
    expect(introFor('/statements/st-1')).toBeUndefined();
    expect(introFor('/')).toBeUndefined();
  });

  it('gives each path one intro', () => {
    const paths = Object.values(PAGE_INTROS).map((intro) => intro.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
