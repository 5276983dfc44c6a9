import { DASHBOARD_VALUE_OPTIONS, DISPLAY_OPTIONS, SHARED_OPTIONS } from '../startup/args.js';

/** Flags that take a value, wherever they are declared: their value is not a command word. */
const VALUE_FLAGS = new Set<string>(['--count', '--for']);
for (const [name, o] of Object.entries({ ...SHARED_OPTIONS, ...DISPLAY_OPTIONS, ...DASHBOARD_VALUE_OPTIONS })) if (o.type === 'string') VALUE_FLAGS.add(`--${name}`);

/** Where the first word that is not a flag (or a flag's value) stands; -1 when there is none. */
function firstWord(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return -1;
    if (!a.startsWith('-')) return i;
    if (!a.includes('=') && VALUE_FLAGS.has(a)) i++;
  }
  return -1;
}

/**
 * What `src/cli.ts` dispatches on without loading the commands (the dashboard's start-up and
 * `--version` stay light): the command line with its command words first: `perpdesk --url U orders` is
 * `perpdesk orders --url U`. Undefined when argv names no command (the dashboard's flags).
 */
export function commandLine(argv: readonly string[]): string[] | undefined {
  const i = firstWord(argv);
  // The dashboard takes no words: any word is a command, and one that is not gets the command
  // line's answer (a document in JSON mode, a "did you mean"), not the dashboard's flag error.
  if (i < 0) return undefined;
  return [...argv.slice(i), ...argv.slice(0, i)];
}
