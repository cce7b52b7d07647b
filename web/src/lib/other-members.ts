/**
 * The members of a record a view does not show by name, for its "everything else" rows: only
 * those that say something (not undefined, null, '' or an empty object such as `metadata: {}`).
 */
export function otherMembers(record: object, shown: ReadonlySet<string>): Array<[string, unknown]> {
  return Object.entries(record).filter(
    ([key, value]) =>
      !shown.has(key) &&
      value !== undefined &&
      value !== null &&
      value !== '' &&
      !(typeof value === 'object' && Object.keys(value).length === 0),
  );
}
