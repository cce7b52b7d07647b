// The session moved to lib/session.ts (features read it from lib, never from app/); this keeps
// the existing imports working until they move too.
export { hasRole, meQueryOptions, useHasRole, useMe } from '../lib/session';
