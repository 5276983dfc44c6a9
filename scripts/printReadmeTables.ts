/**
 * README's generated tables: the keymap (from the bindings) and the commands (from the
 * command records).
 *   npm run readme              # print both to stdout
 *   npm run readme -- --write   # rewrite README.md between the markers
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderCommandsMarkdown } from '../src/command/commandHelp.js';
import { replaceMarkedSection } from '../src/format/markedSection.js';
import { renderKeymapMarkdown } from '../src/keymap/help.js';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const SECTIONS: Record<string, () => string> = { keymap: renderKeymapMarkdown, commands: renderCommandsMarkdown };

function main(argv: readonly string[]): number {
  if (!argv.includes('--write')) {
    for (const [name, render] of Object.entries(SECTIONS)) process.stdout.write(`## ${name}\n${render()}\n`);
    return 0;
  }
  let text: string;
  try {
    text = readFileSync(README, 'utf8');
  } catch {
    process.stderr.write(`cannot read ${README}\n`);
    return 1;
  }
  for (const [name, render] of Object.entries(SECTIONS)) {
    const next = replaceMarkedSection(text, name, render());
    if (next === undefined) {
      process.stderr.write(`README.md has no <!-- ${name}:start --> ... <!-- ${name}:end --> markers\n`);
      return 1;
    }
    text = next;
  }
  writeFileSync(README, text);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
