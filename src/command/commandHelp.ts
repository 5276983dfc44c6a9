import { commandName, COMMANDS } from './commands.js';
import type { CommandHead } from './commandSpec.js';
import { EXIT_HELP } from './exitCodes.js';

/** Flags every command takes besides the target and key flags of `perpdesk --help`. */
export const COMMAND_FLAG_HELP = `Output and safety (every command):
  --json                  one JSON document (the default when stdout is not a terminal)
  --watch                 stream updates (NDJSON when not a terminal) until Ctrl-C
  --count N               with --watch: stop after N updates
  --for DURATION          with --watch: stop after 30s, 5m, 500ms...
  --dry-run               sign the request and print it; send nothing
  --force                 send past a guard or a known-to-fail check
  --yes                   send what the config's confirm policy would ask about
`;

function usageLine(c: CommandHead): string {
  return `perpdesk ${commandName(c)}${c.usage ? ` ${c.usage}` : ''}`;
}

/** The command list of `perpdesk help`, generated from the command records. */
export function commandsHelp(): string {
  const reads = COMMANDS.filter((c) => !c.writes);
  const writes = COMMANDS.filter((c) => c.writes);
  const width = Math.max(...COMMANDS.map((c) => commandName(c).length)) + 2;
  const line = (c: CommandHead) => `  ${commandName(c).padEnd(width)}${c.summary}${c.watch ? ' (--watch)' : ''}`;
  return [
    'perpdesk commands: every read and write without the screen',
    '',
    'Usage: perpdesk <command> [words] [flags]   (perpdesk <command> --help for its flags)',
    '',
    'Reads:',
    ...reads.map(line),
    '  schema'.padEnd(width + 2) + 'the JSON Schema of every command\'s output',
    '',
    'Writes (signed; checked like the dashboard\'s forms):',
    ...writes.map(line),
    '',
    COMMAND_FLAG_HELP,
    'Target and keys: as the dashboard (perpdesk --help): --url, --ws, --keystore, --key-file,',
    '--agent-keystore, --agent-key-file, --password-file, --read-only --address, --contract,',
    '--config, --state-dir. Without --url a command uses the embedded exchange of the state',
    'directory: a running dashboard\'s, else one started for the command.',
    '',
    EXIT_HELP,
  ].join('\n');
}

/** `perpdesk algo`, `perpdesk collateral --help`: the commands under a group's words. */
export function groupHelp(words: readonly string[], under: readonly CommandHead[]): string {
  const width = Math.max(...under.map((c) => commandName(c).length)) + 2;
  return [
    `perpdesk ${words.join(' ')}: ${under.length} command${under.length === 1 ? '' : 's'} (perpdesk <command> --help for one's flags)`,
    '',
    ...under.map((c) => `  ${commandName(c).padEnd(width)}${c.summary}${c.writes ? ' (signed)' : ''}`),
    '',
  ].join('\n');
}

export function commandHelp(c: CommandHead): string {
  const opts = Object.entries(c.optionHelp ?? {});
  const width = Math.max(0, ...opts.map(([k]) => k.length)) + 6;
  const under = COMMANDS.filter((x) => x.path.length > c.path.length && c.path.every((w, i) => x.path[i] === w));
  return [
    `Usage: ${usageLine(c)} [flags]`,
    '',
    `${c.summary}${c.writes ? ' (signed)' : ''}`,
    ...(under.length ? ['', `Also under ${commandName(c)}:`, ...under.map((x) => `  ${usageLine(x)}`)] : []),
    ...(opts.length ? ['', 'Flags:', ...opts.map(([k, h]) => `  --${k.padEnd(width - 4)}${h}`)] : []),
    '',
    COMMAND_FLAG_HELP,
    EXIT_HELP,
  ].join('\n');
}

/** README's command table, generated from the command records (scripts/printReadmeTables.ts). */
export function renderCommandsMarkdown(): string {
  const cell = (t: string) => t.replace(/\|/g, '\\|');
  const lines = ['| command | signs | what it does |', '|---|---|---|'];
  for (const c of COMMANDS) {
    lines.push(`| \`perpdesk ${cell(commandName(c))}${c.usage ? ` ${cell(c.usage)}` : ''}\` | ${c.writes ? 'yes' : ''} | ${cell(c.summary)}${c.watch ? ' (`--watch`)' : ''} |`);
  }
  lines.push('| `perpdesk schema` |  | the JSON Schema of every command\'s output |');
  return `${lines.join('\n')}\n`;
}
