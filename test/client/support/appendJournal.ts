/**
 * Child process for the concurrent journal test: appends entries to the journal file of a
 * shared state directory, as a second face would.
 *
 * Usage: appendJournal.ts <stateDir> <face> <count> <goFile>
 * It prints "ready" once the file is open, then waits until <goFile> exists, so that the
 * processes append at the same time rather than one after the other.
 */
import { existsSync } from 'node:fs';
import { JournalFile } from '../../../src/session/journalFile.js';

const [stateDir, face, countText, goFile] = process.argv.slice(2);
if (!stateDir || !face || !countText || !goFile) {
  process.stderr.write('usage: appendJournal.ts <stateDir> <face> <count> <goFile>\n');
  process.exit(2);
}

const journal = new JournalFile(stateDir);
process.stdout.write('ready\n');
const pause = new Int32Array(new SharedArrayBuffer(4));
const deadline = Date.now() + 10_000;
while (!existsSync(goFile)) {
  if (Date.now() > deadline) throw new Error('no go signal within 10 s');
  Atomics.wait(pause, 0, 0, 1);
}

for (let seq = 1; seq <= Number(countText); seq++) {
  journal.append(
    {
      seq,
      time: Date.now(),
      action: 'order',
      signerRole: 'agent',
      signer: '0xabcd000000000000000000000000000000000001',
      nonce: Date.now() * 10 + seq,
      outcome: 'rejected',
      // Long enough that two writers' lines would visibly tear if appends interleaved.
      detail: `${face} ${seq} `.padEnd(600, face === 'cli' ? 'c' : 'd'),
      cloids: [`0x${seq.toString(16).padStart(32, '0')}`],
    },
    face,
  );
}
process.stdout.write('done\n');
