// The diff lives in contract/ because the BFF's audit trail names the same changed fields.
export { comparableFromSaved, diffAddress, type FieldChange } from '#contract/address-diff';
