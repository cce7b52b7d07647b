import { useQuery } from '@tanstack/react-query';
import type { TravelRuleMetadata } from '#contract/destination-addresses';
import { useMe } from '#web/lib/session';
import { vaspQuery } from './vasp-queries';

/**
 * A directory VASP's name by its id (GET /api/vasps/:id, cached by the BFF for a day): the
 * review, the approval and the list say "Kraken" where the saved data holds only `vasp-kraken`.
 * Undefined while unknown (no directory, not listed, not answered yet).
 */
function useVaspName(id: string | undefined): string | undefined {
  const directory = useMe().features.vasp_directory;
  const query = useQuery({ ...vaspQuery(id), enabled: directory.enabled });
  return query.data?.name || undefined;
}

/** A VASP id in words: its directory name (the id on hover), or the id when no name is known. */
export function VaspName({ id }: { id: string }) {
  const name = useVaspName(id);
  return name ? <span title={id}>{name}</span> : <span className="mono">{id}</span>;
}

/**
 * Where an address is held, in words: "Self-hosted wallet", or "VASP: Kraken" with the name the
 * saved data or the directory gives (the id only when no name is known). Null when not given.
 */
export function CustodyWords({ metadata }: { metadata: TravelRuleMetadata | undefined }) {
  const vasp = metadata?.vasp;
  const known = vasp?.name ?? vasp?.custom_vasp_name;
  const looked = useVaspName(known ? undefined : vasp?.id);
  if (!metadata) return null;
  if (metadata.custodian_type === 'PRIVATE') return <>Self-hosted wallet</>;
  const name = known ?? looked ?? vasp?.id;
  if (metadata.custodian_type === 'VASP' || name) return <>{name ? `VASP: ${name}` : 'VASP'}</>;
  return metadata.custodian_type ? <>{metadata.custodian_type}</> : null;
}
