import { describe, expect, it } from 'vitest';
import { foldSearchText, searchFoldSql } from './search-fold';

describe('foldSearchText', () => {
  it('folds case and accents as an operator types a name', () => {
    expect(foldSearchText('Müller')).toBe('muller');
    expect(foldSearchText('Ångström Straße')).toBe('angstrom strasse');
    expect(foldSearchText('Łódź Søren Æther')).toBe('lodz soren aether');
  });

  it('has an SQL twin over the same letters (no extension needed)', () => {
    const sql = searchFoldSql('nickname');
    expect(sql).toContain("translate(lower(nickname), '");
    expect(sql).toContain("'ß', 'ss'");
  });
});
