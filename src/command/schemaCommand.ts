import type { CommandSpec } from './commandSpec.js';

export const schemaCommand: CommandSpec = {
  path: ['schema'],
  summary: 'the JSON Schema of every command\'s output',
  writes: false,
  run: async () => {
    const { outputSchemas } = await import('./outputSchemas.js');
    const schemas = outputSchemas();
    return { json: schemas, human: [JSON.stringify(schemas, null, 2)] };
  },
};
