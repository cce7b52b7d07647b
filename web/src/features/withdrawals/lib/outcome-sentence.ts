import { groupAmountsInText } from '#web/lib/decimal';

/**
 * The upstream's detail as a sentence, so the explanation that follows reads right; amounts in it
 * ("6000.00 USD") are grouped like every other figure on screen (text only, no number math).
 */
export const outcomeSentence = (text: string) => {
  const grouped = groupAmountsInText(text.trim());
  return /[.!?]$/.test(grouped) ? grouped : `${grouped}.`;
};
