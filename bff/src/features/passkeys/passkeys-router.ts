import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Router, type Request, type Response } from 'express';
import { personIdentifiers, foldIdentifier } from '#contract/identity';
import {
  ListPasskeysQuerySchema,
  RegisterPasskeyRequestSchema,
  RegistrationOptionsRequestSchema,
  RenamePasskeyRequestSchema,
  type Passkey,
} from '#contract/passkeys';
import { fieldErrorsFromZod } from '#contract/problem';
import type { Role } from '#contract/session';
import { getOperator, type Operator } from '#bff/auth/operator';
import { APPROVER_ROLES, READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { relyingPartyFor } from '#bff/four-eyes/relying-party';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import { requestIdOf } from '#bff/http/request-id';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { PasskeyStore, StoredPasskey } from '#bff/store/passkey-port';
import { registrationOptions, registerPasskey } from './passkey-registration';

interface PasskeysDeps {
  store: { passkeys?: PasskeyStore | undefined; audit: AuditLog };
  config: { publicOrigin?: string | undefined; passkeyRpId?: string | undefined };
  logger: Logger;
}

const ADMIN: Role = 'passkey-admin';
const ANY_ROLE: [Role, ...Role[]] = [...READ_LEDGER_ROLES, ADMIN];

const view = (key: StoredPasskey): Passkey => ({
  id: key.id,
  name: key.name,
  owner: key.owner,
  created_at: key.createdAt,
  ...(key.lastUsedAt !== undefined ? { last_used_at: key.lastUsedAt } : {}),
});

const notFound = () =>
  new HttpProblem({ title: 'Not Found', status: 404, detail: 'No such passkey.' });

/** The store's passkeys, or a 404 when this BFF keeps none. */
function passkeyStoreOf(deps: PasskeysDeps): PasskeyStore {
  if (!deps.store.passkeys)
    throw new HttpProblem({
      title: 'Not Found',
      status: 404,
      detail: 'This BFF keeps no passkeys.',
    });
  return deps.store.passkeys;
}

/** Each change to a passkey is audited under its owner, with the key's id. */
function auditPasskey(
  deps: PasskeysDeps,
  exchange: { req: Request; res: Response },
  action: string,
  key: StoredPasskey,
  outcome: string,
) {
  const { req, res } = exchange;
  return recordAudit(
    { audit: deps.store.audit, logger: deps.logger },
    {
      operator_subject: getOperator(res).subject,
      roles: getOperator(res).roles,
      action,
      target: `passkey:${key.owner.subject}`,
      request_hash: key.id,
      outcome,
      request_id: requestIdOf(req, res),
      passkey_id: key.id,
    },
  );
}

/** A key the caller may change: their own, or (revoking) anyone's for a passkey admin. */
async function changeableKey(
  deps: PasskeysDeps,
  req: Request,
  operator: Operator,
  adminMay: boolean,
) {
  const id = String(req.params.id ?? '');
  // A credential id is base64url: anything else names no key (and never reaches the database).
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(id)) throw notFound();
  const key = await passkeyStoreOf(deps).get(id);
  if (!key || key.revokedAt !== undefined) throw notFound();
  const mine = personIdentifiers(operator).includes(key.personKey);
  if (!mine && !(adminMay && operator.roles.includes(ADMIN))) throw notFound();
  return { key, mine };
}

/**
 * Approvers' passkeys. GET /api/passkeys (mine; a passkey admin may name another operator with
 * ?operator=); POST /api/passkeys/registration-options and POST /api/passkeys (an approver enrols
 * a key for themselves, never for anyone else); POST /api/passkeys/:id/rename (mine);
 * POST /api/passkeys/:id/revoke (mine, or anyone's for a passkey admin). Each change is audited.
 */
export function createPasskeysRouter(deps: PasskeysDeps): Router {
  const router = Router();
  const keys = () => passkeyStoreOf(deps);
  const audit = (
    req: Request,
    res: Response,
    action: string,
    key: StoredPasskey,
    outcome: string,
  ) => auditPasskey(deps, { req, res }, action, key, outcome);
  const keyOf = (req: Request, operator: Operator, adminMay: boolean) =>
    changeableKey(deps, req, operator, adminMay);

  router.get('/passkeys', requireRole(...ANY_ROLE), async (req, res) => {
    const operator = getOperator(res);
    const query = ListPasskeysQuerySchema.safeParse(req.query);
    if (!query.success)
      throw badRequest('The query is not valid.', fieldErrorsFromZod(query.error));
    const other = query.data.operator ?? '';
    if (other !== '' && !operator.roles.includes(ADMIN))
      throw new HttpProblem({
        title: 'Forbidden',
        status: 403,
        detail: `Listing another operator's passkeys needs the ${ADMIN} role.`,
      });
    const who = other !== '' ? [foldIdentifier(other)] : personIdentifiers(operator);
    res.json({ passkeys: (await keys().listFor(who)).map(view) });
  });

  router.post(
    '/passkeys/registration-options',
    requireRole(...APPROVER_ROLES),
    async (req, res) => {
      const body = RegistrationOptionsRequestSchema.safeParse(req.body ?? {});
      if (!body.success)
        throw badRequest('Enrolment takes no input.', fieldErrorsFromZod(body.error));
      res.json(
        await registrationOptions(keys(), getOperator(res), relyingPartyFor(deps.config, req)),
      );
    },
  );

  router.post('/passkeys', requireRole(...APPROVER_ROLES), async (req, res) => {
    const body = RegisterPasskeyRequestSchema.safeParse(req.body ?? {});
    if (!body.success)
      throw badRequest('The passkey is not valid.', fieldErrorsFromZod(body.error));
    const key = await registerPasskey(keys(), getOperator(res), relyingPartyFor(deps.config, req), {
      name: body.data.name,
      response: body.data.response as unknown as RegistrationResponseJSON,
    });
    await audit(req, res, 'passkey.register', key, 'registered');
    res.status(201).json(view(key));
  });

  router.post('/passkeys/:id/rename', requireRole(...APPROVER_ROLES), async (req, res) => {
    const body = RenamePasskeyRequestSchema.safeParse(req.body ?? {});
    if (!body.success) throw badRequest('The name is not valid.', fieldErrorsFromZod(body.error));
    const { key } = await keyOf(req, getOperator(res), false);
    const renamed = (await keys().rename(key.id, body.data.name)) ?? key;
    await audit(req, res, 'passkey.rename', renamed, 'renamed');
    res.json(view(renamed));
  });

  router.post('/passkeys/:id/revoke', requireRole(...APPROVER_ROLES, ADMIN), async (req, res) => {
    const operator = getOperator(res);
    const { key, mine } = await keyOf(req, operator, true);
    const revoked = await keys().revoke(key.id, operator.subject);
    if (!revoked) throw notFound();
    await audit(req, res, 'passkey.revoke', revoked, mine ? 'revoked' : 'revoked-by-admin');
    res.json(view(revoked));
  });
  return router;
}
