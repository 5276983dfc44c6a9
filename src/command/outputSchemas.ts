import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ALL_COMMANDS as COMMANDS } from './allCommands.js';
import { commandName } from './commands.js';
import { EXIT } from './exitCodes.js';
import { WATCH_LINE_SCHEMAS } from './readCommands.js';

/**
 * `perpdesk schema`: the JSON Schema (draft-07) of every command's JSON output, keyed by
 * the command's name; `<name> --watch` for one NDJSON line of a watch; `error` for the
 * document any command prints on stdout when it fails.
 *
 * The reads' schemas are converted from the very valibot schemas that check the exchange's
 * answers, so the two cannot drift. The converter is told to skip what JSON Schema cannot
 * say (a transform, a custom check) rather than throw: a skipped rule only makes the
 * schema looser, never refuses output the command really prints.
 */

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

function wireJsonSchema(schema: v.GenericSchema): JsonSchema {
  return toJsonSchema(schema, { target: 'draft-07', errorMode: 'ignore' });
}

const strings = { type: 'array', items: { type: 'string' } } as const;

/** A write's answer (runForm, register): sent, or signed only with --dry-run. */
const WRITE_OUTPUT: JsonSchema = {
  $schema: DRAFT_07,
  anyOf: [
    {
      type: 'object',
      description: 'sent: ok is false when the exchange refused any of it (the exit status says which failure)',
      properties: {
        ok: { type: 'boolean' },
        action: { type: 'string', description: 'the signed action\'s type' },
        request: { ...strings, description: 'the request in words, as the confirm step shows it' },
        answer: { type: 'object', description: 'the exchange\'s answer, or what the client made of a lost one' },
      },
      required: ['ok', 'action', 'answer'],
    },
    {
      type: 'object',
      description: '--dry-run: the signed envelope, not sent',
      properties: {
        dryRun: { const: true },
        request: { type: 'object', description: 'the envelope that would be posted: action, nonce, signature' },
        signer: { type: 'object', properties: { role: { type: 'string' }, address: { type: 'string' } }, required: ['role', 'address'] },
        summary: strings,
        checks: strings,
      },
      required: ['dryRun', 'request', 'signer', 'summary', 'checks'],
    },
  ],
};

/** Any command's failure, on stdout beside the line on stderr. */
const ERROR_OUTPUT: JsonSchema = {
  $schema: DRAFT_07,
  type: 'object',
  properties: {
    ok: { const: false },
    exitCode: { type: 'integer', enum: Object.values(EXIT).filter((c) => c !== EXIT.ok) },
    error: { type: 'string' },
  },
  required: ['ok', 'exitCode', 'error'],
};

export function outputSchemas(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const c of COMMANDS) {
    const name = commandName(c);
    if (c.schema) out[name] = wireJsonSchema(c.schema() as v.GenericSchema);
    else if (c.writes) out[name] = WRITE_OUTPUT;
  }
  for (const c of COMMANDS) {
    if (!c.watch || !c.schema) continue;
    const name = commandName(c);
    const line = WATCH_LINE_SCHEMAS[name];
    out[`${name} --watch`] = line ? wireJsonSchema(line()) : (out[name] as JsonSchema);
  }
  out['error'] = ERROR_OUTPUT;
  return out;
}
