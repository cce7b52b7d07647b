import {
  OPERATOR_METADATA_PAIRS,
  RESERVED_METADATA_KEYS,
  reservedMetadataKey,
} from '#contract/approvals';
import {
  METADATA_MAX_LENGTH,
  UNSAFE_METADATA_KEY,
  UNSAFE_METADATA_KEY_MESSAGE,
} from '#contract/withdrawals';

interface MetadataPair {
  key: string;
  value: string;
}

interface MetadataPairsResult {
  /** Undefined when no pair was filled in: the request then carries no metadata at all. */
  metadata: Record<string, string> | undefined;
  /** Errors by row index ("metadata.2.key"), in the form's own field paths. */
  errors: { path: string; message: string }[];
}

/**
 * The form edits metadata as rows; the request carries an object. Blank rows are ignored; a
 * duplicate key would silently overwrite an earlier row, so it is an error instead. The limits
 * come from the contract (the schema checks them again on the whole body); the console's own
 * attribution keys are refused here, inline, and count against the service's six pairs.
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
    // Assigned below, it would set the object's prototype and the pair would vanish.
    if (key === UNSAFE_METADATA_KEY) {
      errors.push({ path: `metadata.${index}.key`, message: UNSAFE_METADATA_KEY_MESSAGE });
      return;
    }
    const reserved = reservedMetadataKey(key);
    if (reserved !== undefined) {
      errors.push({
        path: `metadata.${index}.key`,
        message:
          reserved === key
            ? `"${key}" is written by the console (who initiated and approved the withdrawal): choose another key`
            : `"${key}" spells "${reserved}", which is written by the console (who initiated and approved the withdrawal): choose another key`,
      });
      return;
    }
    if (Object.prototype.hasOwnProperty.call(metadata, key)) {
      errors.push({
        path: `metadata.${index}.key`,
        message: `The key "${key}" is already used above`,
      });
      return;
    }
    count += 1;
    // The service takes 6 pairs; the console stamps its attribution keys on every withdrawal.
    if (count > OPERATOR_METADATA_PAIRS) {
      errors.push({
        path: `metadata.${index}.key`,
        message: `At most ${OPERATOR_METADATA_PAIRS} metadata pairs of your own (the console adds ${RESERVED_METADATA_KEYS.length})`,
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
