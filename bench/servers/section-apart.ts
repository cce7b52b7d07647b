// A bench section in a node process of its own, as `npx tsx bench/<section>.ts` runs it alone.
// The sections that run the BFF inside the bench's process (address-import, batch-send) ran after
// every other section, in a process holding what those left: at 19:37 on 29 November the import
// started with 482 MB resident and took 3.08 s, against 2.77-2.83 s in a process of its own, its
// collector working through the other sections' heap (docs/bench.md, "Address book import").
import { spawn } from 'node:child_process';
import { printSection, type BenchSection } from '../bench-report';

/** The line a section run apart prints its result on, as JSON, for the bench to read. */
const MARK = 'BENCH_SECTION_JSON ';

/** Runs `module` (a bench section's file, from the repository's root) apart; its section. */
export async function runSectionApart(module: string): Promise<BenchSection> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', module], {
    env: { ...process.env, BENCH_SECTION_JSON: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let section: BenchSection | undefined;
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      if (line.startsWith(MARK)) section = JSON.parse(line.slice(MARK.length)) as BenchSection;
      else console.log(line);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !section) throw new Error(`${module} exited ${code} without its section`);
  return section;
}

/** A section's file run as a script: its section for runSectionApart, else its table. */
export function emitSection(section: BenchSection): void {
  if (process.env.BENCH_SECTION_JSON) console.log(`${MARK}${JSON.stringify(section)}`);
  else printSection(section);
}
