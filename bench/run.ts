/**
 * `npm run bench [-- NAME ...]`: runs the named benchmarks (all by default) and prints
 * each figure beside its baseline or floor measured in the same run.
 */
import os from 'node:os';
import { benchExchange } from './exchange.js';
import { benchSigning } from './signing.js';

type Bench = () => Promise<{ markdown: string }>;
const BENCHES: Record<string, Bench> = {
  signing: benchSigning,
  exchange: benchExchange,
};

async function main(): Promise<number> {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = names.filter((n) => !(n in BENCHES));
  if (unknown.length > 0) {
    process.stderr.write(`unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(BENCHES).join(', ')})\n`);
    return 2;
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  process.stdout.write(`perpdesk bench — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} x ${cpu}\n\n`);
  for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
    const { markdown } = await BENCHES[name]!();
    process.stdout.write(`## ${name}\n\n${markdown}\n\n`);
  }
  return 0;
}

main().then((code) => (process.exitCode = code), (err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
