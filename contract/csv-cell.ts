import { isDecimalString } from './decimal';

/**
 * A spreadsheet runs a cell starting with = + - @, a tab or a carriage return as a formula
 * (OWASP "CSV Injection"): such a cell gets a leading apostrophe, so an operator-chosen ref_id or
 * an upstream text can never become code in an auditor's Excel.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, for every export (statements, audit): RFC 4180 quoting plus the formula guard.
 * Absent (undefined, null) is an empty cell; a non-string is written as its JSON.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  // A plain decimal ("-1", "-12.50") is read as the number it is and runs nothing: it stays a
  // value, so a negative amount still sums. "-1+2" or "-1e3" is not one: guarded.
  if (FORMULA_START.test(text) && !isDecimalString(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
