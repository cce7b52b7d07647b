import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * Turns flat error paths ("metadata.0.key") into the nested shape react-hook-form reads its
 * errors from, so a resolver can reuse the contract-based validation as is.
 */
export function toNestedErrors<T extends FieldValues>(
  flat: Record<string, string>,
): FieldErrors<T> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = { ...(node[part] as object | undefined), type: 'validate', message };
      } else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root as FieldErrors<T>;
}
