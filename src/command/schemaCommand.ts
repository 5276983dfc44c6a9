import { CommandError, EXIT } from './exitCodes.js';
import type { CommandSpec } from './commandSpec.js';

export const schemaCommand: CommandSpec = {
  path: ['schema'],
  summary: 'the JSON Schema of every command\'s output',
  writes: false,
  run: async (r) => {
    if (r.positionals.length > 0) throw new CommandError(EXIT.usage, `schema takes no words, got: ${r.positionals.join(' ')} (it prints every command's schema)`);
    const { outputSchemas } = await import('./outputSchemas.js');
    const schemas = outputSchemas();
    return { json: schemas, human: [JSON.stringify(schemas, null, 2)] };
  },
};
