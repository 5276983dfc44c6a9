/**
 * Writes src/command/commandIndex.ts, the words, flags and help of every command (what the
 * command line reads before it loads a command's module), from the command records.
 *   npm run commands:index            # rewrite the file
 *   npm run commands:index -- --check # exit 1 when the file is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commandIndexSource } from '../src/command/allCommands.js';

const FILE = fileURLToPath(new URL('../src/command/commandIndex.ts', import.meta.url));
const text = commandIndexSource();
let old = '';
try {
  old = readFileSync(FILE, 'utf8');
} catch {
  // Written below.
}
if (process.argv.includes('--check')) {
  if (old !== text) process.stderr.write('src/command/commandIndex.ts is out of date: run npm run commands:index\n');
  process.exitCode = old === text ? 0 : 1;
} else if (old !== text) writeFileSync(FILE, text);
