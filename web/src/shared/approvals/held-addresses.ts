import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '#contract/approvals';
import { approvalsListQuery } from './approvals-api';

/** An address change waiting for approval, in the shape the look-alike check reads. */
interface HeldAddress {
  key: string;
  crypto_network: string;
  address: string;
  nickname?: string;
  /** The approval request holding it (a link for the operator). */
  approvalId: string;
}

export function heldAddressesOf(requests: readonly ApprovalRequest[]): HeldAddress[] {
  return requests.flatMap((request) => {
    const body = request.address?.request;
    if (request.kind !== 'address' || !body) return [];
    const { crypto_network: network, address, nickname } = body;
    if (typeof network !== 'string' || typeof address !== 'string') return [];
    return [
      {
        key: `held:${request.id}`,
        crypto_network: network,
        address,
        ...(typeof nickname === 'string' && nickname !== '' ? { nickname } : {}),
        approvalId: request.id,
      },
    ];
  });
}

/** The addresses held for approval, and whether they could be read at all. */
interface HeldAddresses {
  addresses: HeldAddress[];
  /**
   * The pending requests could not be read: a look-alike check then covers saved addresses only,
   * and the page says so rather than passing in silence.
   */
  unavailable: boolean;
}

/**
 * The addresses held for approval (pending requests): the look-alike warning covers them too,
 * since a poisoned address could wait there for a hurried approver.
 */
export function useHeldAddresses(enabled = true): HeldAddresses {
  const pending = useQuery({
    ...approvalsListQuery({ kind: 'address', status: 'pending' }, undefined, 200),
    enabled,
    staleTime: 30_000,
  });
  return {
    addresses: pending.data ? heldAddressesOf(pending.data.requests) : [],
    unavailable: enabled && pending.isError,
  };
}

/** The one sentence for a look-alike check that could not see the held addresses. */
export const HELD_ADDRESSES_UNAVAILABLE =
  'Addresses waiting for approval could not be read: the look-alike check covered saved addresses only.';
