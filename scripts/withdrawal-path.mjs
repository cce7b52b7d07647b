// The files one withdrawal crosses, form to upstream POST, for `npm run structure`.
//
// How it is counted (a measure, not a trace of one run): the path is named by its stations, the
// files where a withdrawal enters and leaves each part; between two stations of one part, every
// file on some import path from the first to the second counts (type-only imports included: a
// reader follows them too), and the contract files those files import directly. The browser's
// POST /api/withdrawals is the one hop that is not an import (web to BFF). A station renamed or
// moved shows as missing: name the new one here.
import { filesBetween } from './import-graph.mjs';

export const WITHDRAWAL_STATIONS = [
  {
    part: 'web',
    // The form, to the fetcher that POSTs /api/withdrawals.
    from: 'web/src/features/withdrawals/pages/new-withdrawal-page.tsx',
    to: 'web/src/features/withdrawals/api/withdrawal-api.ts',
  },
  {
    part: 'bff',
    // The route that takes the POST, to the upstream client that POSTs the transfer.
    from: 'bff/src/features/withdrawals/withdrawals-router.ts',
    to: 'bff/src/upstream/upstream-client.ts',
  },
];

export function measureWithdrawalPath(graph) {
  const segments = WITHDRAWAL_STATIONS.map((station) => {
    const missing = [station.from, station.to].filter((file) => !graph.has(file));
    if (missing.length > 0) return { ...station, missing, between: [], longest: [] };
    return { ...station, missing, ...filesBetween(graph, station.from, station.to) };
  });
  const contract = new Set();
  for (const segment of segments)
    for (const file of segment.between)
      for (const target of graph.get(file) ?? [])
        if (target.startsWith('contract/')) contract.add(target);
  const counts = segments.map((s) => `${s.between.length} ${s.part}`);
  const total = segments.reduce((sum, s) => sum + s.between.length, 0) + contract.size;
  const longest = segments.map((s) => `${s.part} ${s.longest.length}`).join(', ');
  return {
    segments,
    contract: [...contract].sort(),
    total,
    summary: `${counts.join(', ')}, ${contract.size} contract; longest import chain ${longest}`,
  };
}

export function printWithdrawalPath({ segments, contract }) {
  console.log('Files one withdrawal crosses (stations in scripts/withdrawal-path.mjs):');
  for (const segment of segments) {
    console.log(`  ${segment.part}: ${segment.from} -> ${segment.to}`);
    for (const file of segment.missing) console.log(`    MISSING station ${file}`);
    console.log(`    longest import chain: ${segment.longest.join(' > ')}`);
    for (const file of segment.between) console.log(`    ${file}`);
  }
  console.log(`  contract (imported by those):`);
  for (const file of contract) console.log(`    ${file}`);
}
