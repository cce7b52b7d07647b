import { describe, expect, it } from 'vitest';
import {
  COMPANION_FEATURE_NAMES,
  COMPANION_FEATURES,
  CompanionFeaturesSchema,
  companionFeaturesOff,
} from './companion-features';
import { ALL_SCOPES, ANY_TOKEN_SCOPE, COMPANION_SCOPES, CORE_SCOPE_LIST } from './scopes';

// One list of companion features: the session schema and the all-off default derive from it.

describe('companion features', () => {
  it('each needs a companion scope (the VASP directory: a token the client has) and has a name in words', () => {
    for (const name of COMPANION_FEATURE_NAMES) {
      // Published with no scope (issue 25, item 1): never a scope the service does not define.
      const scopes =
        name === 'vasp_directory' ? [ANY_TOKEN_SCOPE] : Object.values(COMPANION_SCOPES);
      expect(scopes, name).toContain(COMPANION_FEATURES[name].scope);
      expect(ALL_SCOPES, name).toContain(COMPANION_FEATURES[name].scope);
      expect(COMPANION_FEATURES[name].label.trim(), name).not.toBe('');
    }
    // The directory's token is one every client of the console is granted.
    expect(CORE_SCOPE_LIST).toContain(ANY_TOKEN_SCOPE);
  });

  it('the session schema asks a state for every feature on the list, and only those', () => {
    expect(Object.keys(CompanionFeaturesSchema.shape)).toEqual(COMPANION_FEATURE_NAMES);
    const off = companionFeaturesOff('not granted');
    expect(CompanionFeaturesSchema.parse(off)).toEqual(off);
    const [first] = COMPANION_FEATURE_NAMES;
    const { [first!]: _dropped, ...missingOne } = off;
    expect(CompanionFeaturesSchema.safeParse(missingOne).success).toBe(false);
  });

  it('the default turns every feature off with the reason given', () => {
    expect(companionFeaturesOff('off')).toEqual(
      Object.fromEntries(
        COMPANION_FEATURE_NAMES.map((name) => [name, { enabled: false, reason: 'off' }]),
      ),
    );
  });
});
