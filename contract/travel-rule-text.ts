// The service's character rule for the lines of a Travel Rule physical address (GeographicAddress:
// address1, address2, city, province, zip_code; its published schema): ^[0-9A-Za-z /?:().,&'+-]+$,
// so plain ASCII letters only: "Évora" is refused, "Evora" is taken. Names (first_name,
// last_name, an institution's name) are not under it: the published schema gives them no
// pattern, and the console sends them as typed (travel-rule-name.ts).

export const TRAVEL_RULE_TEXT_PATTERN = /^[0-9A-Za-z /?:().,&'+-]+$/;
const ALLOWED_CHAR = /[0-9A-Za-z /?:().,&'+-]/;

/** The rule in words, for messages and hints. */
export const TRAVEL_RULE_CHARACTERS =
  "letters A-Z without accents, digits, spaces and / ? : ( ) . , & ' + -";

/** The characters of `text` the service refuses, each once, in order of appearance. */
export function refusedTravelRuleCharacters(text: string): string[] {
  const out: string[] = [];
  for (const ch of text) if (!ALLOWED_CHAR.test(ch) && !out.includes(ch)) out.push(ch);
  return out;
}

// Letters that Unicode does not decompose into a base letter and a mark, and punctuation with a
// plain ASCII twin. Anything else without one is left out of the suggestion.
const SPELLED: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '`': "'",
  '´': "'",
  '"': "'",
  '\u201c': "'",
  '\u201d': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  _: '-',
  ';': ',',
  '\u00a0': ' ',
  '\t': ' ',
  '#': '',
  '°': '',
  º: '',
  ª: '',
};

/**
 * The plain-ASCII spelling the service takes for an address line ("São Paulo" → "Sao Paulo"):
 * accents dropped, ß as ss, typographic quotes and dashes as their ASCII twins, spaces tidied.
 * Characters with no plain spelling are left out. Undefined when nothing readable is left or nothing would change.
 */
export function travelRuleAsciiSuggestion(text: string): string | undefined {
  let out = '';
  for (const ch of text.normalize('NFKD')) {
    if (/\p{M}/u.test(ch)) continue; // the accent of a decomposed letter
    if (ALLOWED_CHAR.test(ch)) out += ch;
    else if (ch in SPELLED) out += SPELLED[ch];
  }
  const suggestion = out.replace(/ {2,}/g, ' ').trim();
  if (suggestion === '' || suggestion === text.trim()) return undefined;
  return TRAVEL_RULE_TEXT_PATTERN.test(suggestion) ? suggestion : undefined;
}
