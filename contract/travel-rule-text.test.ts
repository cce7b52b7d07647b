import { describe, expect, it } from 'vitest';
import {
  refusedTravelRuleCharacters,
  TRAVEL_RULE_TEXT_PATTERN,
  travelRuleAsciiSuggestion,
} from './travel-rule-text';

describe('the service character rule', () => {
  it('names each refused character once, in order', () => {
    expect(refusedTravelRuleCharacters('José Müller')).toEqual(['é', 'ü']);
    expect(refusedTravelRuleCharacters('Müller-Müller #2')).toEqual(['ü', '#']);
    expect(refusedTravelRuleCharacters("O'Neil & Sons (UK), 1/2 +: ?.")).toEqual([]);
  });
});

describe('travelRuleAsciiSuggestion', () => {
  it.each([
    ['José Müller', 'Jose Muller'],
    ['José', 'Jose'],
    ['Straße 5', 'Strasse 5'],
    ['Łódź', 'Lodz'],
    ['Ærøskøbing', 'AEroskobing'],
    ['São Paulo – Centro', 'Sao Paulo - Centro'],
    ['O’Brien', "O'Brien"],
    ['Apt #5', 'Apt 5'],
    ['Zoë  Saldaña', 'Zoe Saldana'],
    ['Ｔｏｋｙｏ', 'Tokyo'],
  ])('spells %s as %s, which the service takes', (typed, plain) => {
    expect(travelRuleAsciiSuggestion(typed)).toBe(plain);
    expect(TRAVEL_RULE_TEXT_PATTERN.test(plain)).toBe(true);
  });

  it('offers nothing when nothing changes or nothing readable is left', () => {
    expect(travelRuleAsciiSuggestion('Jose Muller')).toBeUndefined();
    expect(travelRuleAsciiSuggestion('東京')).toBeUndefined();
    expect(travelRuleAsciiSuggestion('')).toBeUndefined();
  });
});
