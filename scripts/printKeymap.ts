/**
 * Prints README's keymap table generated from the bindings:
 *   npm run keymap              # print to stdout
 *   npm run keymap -- --write   # rewrite README.md between the markers
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderKeymapMarkdown, replaceKeymapSection, KEYMAP_END, KEYMAP_START } from '../src/keymap/help.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));

function main(argv: readonly string[]): number {
  const table = renderKeymapMarkdown();
  if (!argv.includes('--write')) {
    process.stdout.write(table);
    return 0;
  }
  const readme = README;
  let text: string;
  try {
    text = readFileSync(readme, 'utf8');
  } catch {
    process.stderr.write(`cannot read ${readme}\n`);
    return 1;
  }
  const next = replaceKeymapSection(text, table);
  if (next === undefined) {
    process.stderr.write(`README.md has no ${KEYMAP_START} ... ${KEYMAP_END} markers\n`);
    return 1;
  }
  writeFileSync(readme, next);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
