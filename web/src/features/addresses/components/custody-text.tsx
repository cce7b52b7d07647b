import { useQuery } from '@tanstack/react-query';
import type { TravelRuleMetadata } from '#contract/destination-addresses';
import { useMe } from '#web/lib/session';
import { vaspQuery } from '#web/shared/destinations/vasp-queries';
import { custodySummary } from '../lib/address-labels';

/**
 * Where an address is held, in words, a directory VASP named by its directory name before its id
 * ("VASP: Kraken, id vasp-kraken"; the list said "VASP: id vasp-kraken (directory: Kraken)").
 * `null` when nothing is given.
 */
export function CustodyText({ metadata }: { metadata: TravelRuleMetadata | undefined }) {
  const directory = useMe().features.vasp_directory;
  const id = metadata?.vasp?.id;
  const unnamed = id !== undefined && id !== '' && !metadata?.vasp?.name;
  const named = useQuery({
    ...vaspQuery(unnamed ? id : undefined),
    enabled: directory.enabled,
  });
  const name = unnamed ? named.data?.name : undefined;
  const custody = custodySummary(
    name && metadata ? { ...metadata, vasp: { ...metadata.vasp, name } } : metadata,
  );
  return custody ?? null;
}
