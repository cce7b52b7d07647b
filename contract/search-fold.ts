// The one rule for matching names in a search (issue 42, item 12): case and accents folded, so
// "muller" finds "Müller" and "Muller" alike. The book's SQL (bff/src/store/sql-address-book.ts)
// folds with the same table (searchFoldSql), the service's rows in JS (foldSearchText).

/** Letters NFD does not split into a base letter and a mark. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
  ð: 'd',
};

/** Lower case, accents removed: "Müller" → "muller", "Straße" → "strasse". */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøđłıþð]/g, (letter) => SPECIAL[letter] ?? letter);
}

/** translate()'s two lists: each accented Latin letter (lower case) and its one-letter fold. */
function translateLists(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code).toLowerCase();
    if (from.includes(letter) || letter in SPECIAL) continue;
    const folded = foldSearchText(letter);
    if (folded.length === 1 && folded !== letter && /[a-z]/.test(folded)) {
      from += letter;
      to += folded;
    }
  }
  return { from, to };
}

const LISTS = translateLists();

/** The same fold as SQL over a text expression (PostgreSQL and PGlite: no extension needed). */
export function searchFoldSql(expression: string): string {
  let sql = `translate(lower(${expression}), '${LISTS.from}', '${LISTS.to}')`;
  for (const [letter, folded] of Object.entries(SPECIAL))
    sql = `replace(${sql}, '${letter}', '${folded}')`;
  return sql;
}
