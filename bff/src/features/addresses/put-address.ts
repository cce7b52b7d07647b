import type { RequestHandler } from 'express';
import type { Environment } from '../../../../contract/session';
import { fieldErrorsFromZod } from '../../../../contract/problem';
import {
  createPutCryptoDestinationAddressRequestSchema,
  PutCryptoDestinationAddressResponseSchema,
  type CryptoDestinationAddress,
  type PutCryptoDestinationAddressRequest,
} from '../../../../contract/destination-addresses';
import { getOperator, type Operator } from '../../auth/operator';
import { badRequest } from '../../http/http-problem';
import { requestIdOf } from '../../http/request-id';
import { persistWithRetry } from '../../lib/persist-with-retry';
import { requestHash } from '../../lib/request-hash';
import type { Logger } from '../../logger';
import type { AddressBook, AuditLog } from '../../store/ports';
import { readJsonBody, UpstreamFailure, type UpstreamClient } from '../../upstream/upstream-client';
import { malformedUpstream, problemFromUpstream } from '../../upstream/upstream-problem';

export interface PutAddressDeps {
  upstream: UpstreamClient;
  environment: Environment;
  logger: Logger;
  /** When the BFF keeps a record: the address book and the audit log. */
  store?: { addressBook: AddressBook; audit: AuditLog };
}

type Outcome = 'created' | 'updated' | 'refused' | 'rejected' | 'unknown';

/** The audit target: "network:address:identity", or "id:<id>" when the body names an address by id. */
function targetOf(body: unknown, saved?: CryptoDestinationAddress): string {
  if (saved) return `${saved.crypto_network ?? ''}:${saved.address}:${saved.identity_id ?? ''}`;
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 256) : '');
  if (typeof b.id === 'string') return `id:${text(b.id)}`;
  return `${text(b.crypto_network)}:${text(b.address)}:${text(b.identity_id)}`;
}

/**
 * PUT /api/addresses: the upstream upsert of a crypto destination address. The body is checked
 * with the contract's strict schema (testnet forms only where the upstream is a sandbox) and the
 * outbound body is the parsed value, never the raw one. Answers `{ address }`. With a store, the
 * saved address goes into the address book and every attempt, refused ones included, into the
 * audit log.
 */
export function putAddress(deps: PutAddressDeps): RequestHandler {
  const schema = createPutCryptoDestinationAddressRequestSchema({
    allowTestnet: deps.environment.allow_testnet,
  });

  async function audit(
    operator: Operator,
    requestId: string,
    body: unknown,
    outcome: Outcome,
    extra: { upstreamStatus?: number; saved?: CryptoDestinationAddress } = {},
  ): Promise<void> {
    const store = deps.store;
    if (!store) return;
    // Hashed and written even for a hostile body (the hash is iterative); a failing write is
    // tried again and, if it still fails, raised as an alert in the log.
    await persistWithRetry(
      () =>
        store.audit.append({
          operator_subject: operator.subject,
          roles: operator.roles,
          action: 'address.put',
          target: targetOf(body, extra.saved),
          request_hash: requestHash(body ?? null),
          outcome,
          ...(extra.upstreamStatus === undefined ? {} : { upstream_status: extra.upstreamStatus }),
          request_id: requestId,
        }),
      {
        logger: deps.logger,
        what: 'audit event',
        fields: { req_id: requestId, action: 'address.put', outcome },
      },
    );
  }

  return async (req, res) => {
    const operator = getOperator(res);
    const requestId = requestIdOf(req, res);
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      await audit(operator, requestId, req.body, 'rejected');
      throw badRequest('The address is not valid.', fieldErrorsFromZod(parsed.error));
    }
    const request: PutCryptoDestinationAddressRequest = parsed.data;

    let status: number;
    let saved: CryptoDestinationAddress;
    let audited = false;
    const record = async (outcome: Outcome, upstreamStatus?: number) => {
      audited = true;
      await audit(operator, requestId, request, outcome, {
        ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
      });
    };
    try {
      const response = await deps.upstream.call('putAddress', { body: request, requestId });
      status = response.status;
      if (status !== 200) {
        const problem = await problemFromUpstream(response);
        await record(status >= 500 ? 'unknown' : 'refused', status);
        throw problem;
      }
      const body = await readJsonBody(response);
      const answer = body.ok
        ? PutCryptoDestinationAddressResponseSchema.safeParse(body.value)
        : undefined;
      if (!answer?.success) {
        // The upstream answered 200: it probably saved the address, but we cannot say what it holds.
        await record('unknown', status);
        throw malformedUpstream();
      }
      saved = answer.data.address;
    } catch (error) {
      // No answer (timeout, reset): an upsert may have been applied. Token trouble: nothing was sent.
      if (!audited) await record(error instanceof UpstreamFailure ? 'unknown' : 'refused');
      throw error;
    }

    // An upsert: "updated" when the address book already held this address (by its canonical
    // form, so a new spelling of a saved address is an update), "created" otherwise.
    let outcome: Outcome = 'created';
    const store = deps.store;
    if (store) {
      // The key comes from what we asked for: the upstream's echo of it is not promised.
      const entry = await persistWithRetry(
        () =>
          store.addressBook.recordSaved(
            saved,
            { subject: operator.subject, name: operator.name },
            {
              crypto_network: request.crypto_network,
              ...(request.identity_id ? { identity_id: request.identity_id } : {}),
            },
          ),
        {
          logger: deps.logger,
          what: 'saved address (address book)',
          fields: { req_id: requestId, address_id: saved.id },
        },
      );
      if (entry.written && entry.value.version > 1) outcome = 'updated';
    }
    await audit(operator, requestId, request, outcome, { upstreamStatus: status, saved });
    res.status(200).json({ address: saved });
  };
}
