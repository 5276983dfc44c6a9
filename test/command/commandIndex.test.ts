import { describe, expect, it } from 'vitest';
import { ALL_COMMANDS, commandIndexOf, commandIndexSource } from '../../src/command/allCommands.js';
import { COMMAND_INDEX } from '../../src/command/commandIndex.js';
import { commandName, COMMANDS, loadCommand } from '../../src/command/commands.js';

/**
 * The command line reads a command's words, flags and help from the generated index and
 * imports the command's module only when it runs: the index must say what the records say,
 * and every entry must lead to its record.
 */
describe('the command index', () => {
  it('is what the command records say (npm run commands:index writes it)', () => {
    expect(COMMAND_INDEX).toEqual(JSON.parse(JSON.stringify(commandIndexOf())));
    expect(commandIndexSource()).toContain(JSON.stringify(commandIndexOf()[0]));
    expect(COMMANDS.map(commandName)).toEqual(ALL_COMMANDS.map(commandName));
  });

  it('loads each command from its own module, the record the index was made from', async () => {
    for (const info of COMMANDS) {
      const spec = await loadCommand(info);
      expect(spec, commandName(info)).toBe(ALL_COMMANDS.find((c) => commandName(c) === commandName(info)));
      expect(typeof spec.run).toBe('function');
    }
  });
});
