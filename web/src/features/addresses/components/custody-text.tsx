import type { TravelRuleMetadata } from '#contract/destination-addresses';
import { useMe } from '#web/lib/session';
import { custodySummary } from '../lib/address-labels';
import { DirectoryVaspName } from './vasp-picker';

/**
 * Where an address is held, in words, with a directory VASP's name next to its id (the list said
 * "VASP: id vasp-coinbase" where the saved address said Coinbase). `null` when nothing is given.
 */
export function CustodyText({ metadata }: { metadata: TravelRuleMetadata | undefined }) {
  const directory = useMe().features.vasp_directory;
  const custody = custodySummary(metadata);
  if (!custody) return null;
  return (
    <>
      {custody}
      {metadata?.vasp?.id && !metadata.vasp.name ? (
        <DirectoryVaspName id={metadata.vasp.id} feature={directory} />
      ) : null}
    </>
  );
}
