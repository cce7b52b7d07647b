import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { normalizeCryptoNetwork } from '#contract/crypto-network';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The address list's filters, held in the URL so a link reproduces the view: the search (typed
 * now, asked once the typing pauses), the network and whether archived addresses are shown.
 */
export function useAddressListUrl() {
  const [params, setParams] = useSearchParams();
  // A network in the URL is read as its published name (`ethereum` is ETHEREUM); one that is not
  // a published network shows, and asks for, all networks (issue 25, item 5).
  const writtenNetwork = params.get('crypto_network');
  const network = normalizeCryptoNetwork(writtenNetwork ?? '') ?? '';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 250);
  const archived = params.get('archived') === 'only' ? 'only' : 'exclude';
  const setParam = (name: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  // Typing replaces the URL's search, not pushes.
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  // The URL then says what is shown.
  useEffect(() => {
    if (writtenNetwork === null || writtenNetwork === network) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (network) next.set('crypto_network', network);
        else next.delete('crypto_network');
        return next;
      },
      { replace: true },
    );
  }, [writtenNetwork, network, setParams]);

  return { search, setSearch, q, network, archived, setParam } as const;
}
