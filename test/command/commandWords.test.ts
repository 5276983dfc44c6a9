import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/command/commands.js';
import { commandLine } from '../../src/command/commandWords.js';

describe('the command words src/cli.ts dispatches on', () => {
  it('send every first word of a command record to the command line', () => {
    for (const c of COMMANDS) expect(commandLine([c.path[0]!])?.[0]).toBe(c.path[0]);
  });
  it('find the command after leading flags and their values', () => {
    expect(commandLine(['--url', 'http://x', 'orders', '--json'])).toEqual(['orders', '--json', '--url', 'http://x']);
    expect(commandLine(['--url=http://x', '--read-only', 'book'])).toEqual(['book', '--url=http://x', '--read-only']);
    expect(commandLine(['--contract', 'order', '--theme', 'dark'])).toBeUndefined();
    expect(commandLine(['--activity', 'calm'])).toBeUndefined();
    // The dashboard's own value flags: a recording named `replay` is not the replay command.
    expect(commandLine(['--replay-market', 'replay', '--speed', '5'])).toBeUndefined();
    // Any other word is the command line's to answer (unknown command, did you mean).
    expect(commandLine(['ordrs', '--json'])).toEqual(['ordrs', '--json']);
    expect(commandLine([])).toBeUndefined();
  });
});
