/**
 * Child process for the cross-process nonce test: draws nonces for one signer from a
 * NonceManager over a NonceFileStore in a shared state directory and prints them as JSON.
 *
 * Usage: drawNonces.ts <stateDir> <signer> <count> <reserveMs> <goFile>
 * It prints "ready" once its store is open, then waits until <goFile> exists, so that the
 * processes draw at the same time rather than one after the other.
 */
import { existsSync } from 'node:fs';
import { NonceFileStore } from '../../../src/client/nonceFileStore.js';
import { NonceManager } from '../../../src/protocol/index.js';

const [stateDir, signer, countText, reserveText, goFile] = process.argv.slice(2);
if (!stateDir || !signer || !countText || !reserveText || !goFile) {
  process.stderr.write('usage: drawNonces.ts <stateDir> <signer> <count> <reserveMs> <goFile>\n');
  process.exit(2);
}

const nonces = new NonceManager({ store: new NonceFileStore(stateDir), reserveMs: Number(reserveText) });
process.stdout.write('ready\n');
const pause = new Int32Array(new SharedArrayBuffer(4));
const deadline = Date.now() + 10_000;
while (!existsSync(goFile)) {
  if (Date.now() > deadline) throw new Error('no go signal within 10 s');
  Atomics.wait(pause, 0, 0, 1);
}

const drawn: number[] = [];
for (let i = 0; i < Number(countText); i++) drawn.push(nonces.next(signer));
process.stdout.write(`${JSON.stringify(drawn)}\n`);
