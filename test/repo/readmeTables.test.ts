import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderCommandsMarkdown } from '../../src/command/commandHelp.js';
import { extractMarkedSection, replaceMarkedSection } from '../../src/format/markedSection.js';
import { renderKeymapMarkdown } from '../../src/keymap/help.js';

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

describe("README's generated tables (regenerate: npm run readme -- --write)", () => {
  it('replaces only the text between the markers', () => {
    const doc = 'intro\n<!-- keymap:start -->\nold\n<!-- keymap:end -->\noutro\n';
    const next = replaceMarkedSection(doc, 'keymap', 'NEW\n');
    expect(next).toBe('intro\n<!-- keymap:start -->\nNEW\n<!-- keymap:end -->\noutro\n');
    expect(extractMarkedSection(next!, 'keymap')).toBe('NEW\n');
    expect(replaceMarkedSection('no markers', 'keymap', 'x')).toBeUndefined();
  });
  it('the keymap table matches the bindings', () => {
    expect(extractMarkedSection(README, 'keymap')).toBe(renderKeymapMarkdown());
  });
  it('the command table matches the command records', () => {
    expect(extractMarkedSection(README, 'commands')).toBe(renderCommandsMarkdown());
  });
});
