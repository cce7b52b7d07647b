import { METADATA_MAX_LENGTH, METADATA_MAX_PAIRS } from '../../../../../contract/withdrawals';

export interface MetadataPair {
  key: string;
  value: string;
}

export interface MetadataPairsResult {
  /** Undefined when no pair was filled in: the request then carries no metadata at all. */
  metadata: Record<string, string> | undefined;
  /** Errors by row index ("metadata.2.key"), in the form's own field paths. */
  errors: { path: string; message: string }[];
}

/**
 * The form edits metadata as rows; the request carries an object. Blank rows are ignored; a
 * duplicate key would silently overwrite an earlier row, so it is an error instead. The limits
 * come from the contract (the schema checks them again on the whole body).
 */
export function metadataPairsToObject(pairs: readonly MetadataPair[]): MetadataPairsResult {
  const metadata: Record<string, string> = {};
  const errors: MetadataPairsResult['errors'] = [];
  let count = 0;
  pairs.forEach((pair, index) => {
    const key = pair.key.trim();
    const value = pair.value;
    if (key === '' && value.trim() === '') return;
    if (key === '') {
      errors.push({ path: `metadata.${index}.key`, message: 'Give this value a key' });
      return;
    }
    if (key.length > METADATA_MAX_LENGTH) {
      errors.push({
        path: `metadata.${index}.key`,
        message: `Keys are at most ${METADATA_MAX_LENGTH} characters`,
      });
    }
    if (value.length > METADATA_MAX_LENGTH) {
      errors.push({
        path: `metadata.${index}.value`,
        message: `Values are at most ${METADATA_MAX_LENGTH} characters`,
      });
    }
    if (Object.prototype.hasOwnProperty.call(metadata, key)) {
      errors.push({
        path: `metadata.${index}.key`,
        message: `The key "${key}" is already used above`,
      });
      return;
    }
    count += 1;
    if (count > METADATA_MAX_PAIRS) {
      errors.push({
        path: `metadata.${index}.key`,
        message: `At most ${METADATA_MAX_PAIRS} metadata pairs`,
      });
      return;
    }
    metadata[key] = value;
  });
  return { metadata: count === 0 ? undefined : metadata, errors };
}

/** The reverse, for a draft restored from a transfer or the ledger. */
export function metadataObjectToPairs(
  metadata: Record<string, unknown> | undefined,
): MetadataPair[] {
  if (!metadata) return [];
  return Object.entries(metadata).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}
