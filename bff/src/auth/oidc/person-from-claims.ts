import type * as oidc from 'openid-client';
import type { JWTPayload } from 'jose';
import type { SessionPerson } from '#bff/store/session-port';
import { claimAt, nonEmptyString, splitGroups, unsafeIdentityField } from '../identity';
import { openIdClient } from './relying-party';

type Tokens = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

/**
 * The person an accepted sign-in names: the ID token's claims, completed by the userinfo
 * endpoint (many providers put e-mail, name and groups only there for the code flow). The
 * subject is the ID token's; a userinfo answer for another subject is refused by openid-client.
 */
export async function personFromClaims(
  config: oidc.Configuration,
  tokens: Tokens,
  groupsClaim: string,
): Promise<{ person: SessionPerson; sid?: string } | Error> {
  const idClaims = tokens.claims();
  if (!idClaims) return new Error('no ID token');
  let claims: JWTPayload = { ...idClaims };
  if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
    const info = await (
      await openIdClient()
    ).fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...info, ...idClaims };
    // The ID token's own claims win, but groups, e-mail and name may only be in userinfo.
    for (const name of ['email', 'name', 'preferred_username', groupsClaim])
      if (claims[name] === undefined && info[name] !== undefined) claims[name] = info[name];
  }
  const subject = nonEmptyString(claims.sub);
  if (!subject) return new Error('no subject');
  const email = nonEmptyString(claims.email);
  const name = nonEmptyString(claims.name) ?? nonEmptyString(claims.preferred_username);
  const groups = splitGroups(claimAt(claims, groupsClaim));
  const unsafe = unsafeIdentityField({ sub: subject, email, name, [groupsClaim]: groups });
  if (unsafe) return new Error(`claim ${unsafe} holds text that cannot be stored`);
  const sid = nonEmptyString(idClaims.sid);
  return {
    person: {
      subject,
      ...(email ? { email } : {}),
      name: name ?? email ?? subject,
      groups,
    },
    ...(sid ? { sid } : {}),
  };
}
