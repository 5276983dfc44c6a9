/**
 * Prints README's keymap table generated from the bindings:
 *   node --import tsx src/keymap/printKeymap.ts            # print to stdout
 *   node --import tsx src/keymap/printKeymap.ts --write    # rewrite README.md between the markers
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderKeymapMarkdown, replaceKeymapSection, KEYMAP_END, KEYMAP_START } from './help.js';

/** The folder with package.json above this file, whether run from src/ or dist/. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

function main(argv: readonly string[]): number {
  const table = renderKeymapMarkdown();
  if (!argv.includes('--write')) {
    process.stdout.write(table);
    return 0;
  }
  const readme = join(packageRoot(), 'README.md');
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
