import type { Plugin, Rollup } from 'vite';

/** One output chunk: the modules a page module reaches by static imports, beyond the entry's. */
export interface RouteChunk {
  name: string;
  /** The module (path suffix under web/src) whose static imports the chunk holds. */
  page: string;
  /** Optional: only the modules whose id matches (the rest fall to the next chunk or to Rolldown). */
  only?: RegExp;
  /** The entry's own modules too (by default a chunk leaves what the entry reaches to the entry). */
  withEntry?: boolean;
}

type Group = { name: string; test: (id: string) => boolean; priority: number };

/**
 * Rolldown's automatic chunking split the statements page's code into some twenty chunks of
 * 100 to 2,000 bytes (one per module shared with another page), each a request of its own on the
 * first load with about 450 bytes of response headers: a third of what those chunks carried.
 * These groups put each listed module's static imports (beyond what the entry reaches, unless
 * `withEntry`) into one chunk per name, in the order listed: a module an earlier chunk took stays
 * there. The module graph is read when the build ends, before Rolldown asks the groups (module
 * ids are absolute paths; `page` and `only` match them).
 */
export function routeChunks(
  entry: string,
  chunks: readonly RouteChunk[],
): { plugin: Plugin; groups: Group[] } {
  const owner = new Map<string, string>();
  const plugin: Plugin = {
    name: 'route-chunks',
    apply: 'build',
    buildEnd() {
      owner.clear();
      const ids = [...this.getModuleIds()];
      const closure = (suffix: string): Set<string> => {
        const start = ids.find((id) => id.endsWith(suffix));
        if (!start) throw new Error(`route-chunks: no module ${suffix}`);
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          const info: Rollup.ModuleInfo | null = this.getModuleInfo(id);
          for (const imported of info?.importedIds ?? []) visit(imported);
        };
        visit(start);
        return seen;
      };
      const inEntry = closure(entry);
      for (const chunk of chunks)
        for (const id of closure(chunk.page))
          if (
            (chunk.withEntry || !inEntry.has(id)) &&
            !owner.has(id) &&
            (!chunk.only || chunk.only.test(id))
          )
            owner.set(id, chunk.name);
    },
  };
  const groups = chunks.map((chunk, index) => ({
    name: chunk.name,
    test: (id: string) => owner.get(id) === chunk.name,
    priority: chunks.length - index,
  }));
  return { plugin, groups };
}
