/**
 * A perpdesk session in a process of its own, recording the history store of one account:
 * test/history/tradingMemory.test.ts starts it, waits for `started` on stdout, then kills
 * it with SIGKILL (a run that ends without a close). Env: HISTORY_URL, HISTORY_KEY,
 * HISTORY_STATE_DIR.
 */
import { createSession } from '../../../src/session/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const session = createSession(
  { url: env('HISTORY_URL') },
  { master: env('HISTORY_KEY') as `0x${string}` },
  { contractName: 'SOL1', stateDir: env('HISTORY_STATE_DIR'), flushMs: 20, poll: { accountMs: 200, marketStateMs: 200 }, face: 'child' },
);
const ready = await session.ready;
if (!ready.ok) throw new Error(ready.error.message);
await session.history!.started;
process.stdout.write('started\n');
// Runs until killed.
setInterval(() => {}, 60_000);
