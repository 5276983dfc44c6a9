import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../startup/config.js';
import type { SharedArgs } from '../startup/args.js';
import type { CommandOutput, OutputMode, Writer } from './output.js';

/** Flags of the headless face on top of the shared ones (src/startup/args.ts). */
export interface CommandFlags {
  json: boolean;
  watch: boolean;
  /** Watch: stop after this many updates. */
  count?: number;
  /** Watch: stop after this many milliseconds. */
  forMs?: number;
  dryRun: boolean;
  force: boolean;
  yes: boolean;
}

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/** Everything a command runs with: its arguments, the config, where to print. */
export interface CommandRun {
  args: SharedArgs & CommandFlags;
  /** The words after the command's own path. */
  positionals: readonly string[];
  /** The command's own options, as parsed. */
  options: Readonly<Record<string, string | boolean | undefined>>;
  config: Config;
  stateDir: string;
  mode: OutputMode;
  out: Writer;
  /** Notes for the person (warnings, progress); never the data. */
  err: Writer;
  interactive: boolean;
  /** Resolves when the user interrupts (Ctrl-C, SIGTERM): a watch stops, a write is not abandoned. */
  interrupted: Promise<void>;
  /** Asks a question on the terminal; only called when `interactive`. Undefined: interrupted (Ctrl-C). */
  ask(question: string): Promise<string | undefined>;
}

/**
 * What help, completions, the argument parser and the README table read of a command
 * without loading it: its words, flags and help (src/command/commandIndex.ts, generated
 * from the records by `npm run commands:index`). Its `module` is imported when it runs.
 */
export type CommandHead = Pick<CommandSpec, 'path' | 'usage' | 'summary' | 'writes' | 'watch' | 'streams' | 'options' | 'optionHelp'>;

export interface CommandInfo extends CommandHead {
  /** The module whose records hold the command (commands.ts, COMMAND_MODULES). */
  module: string;
  /** Its record has an output schema for `perpdesk schema`. */
  hasSchema?: boolean;
}

/** One command: a record, so help, the README table and `perpdesk schema` read the same list. */
export interface CommandSpec {
  /** Words that name it: ['orders'], ['agent', 'approve']. */
  path: readonly string[];
  /** What follows the path in the usage line. */
  usage?: string;
  summary: string;
  /** Signs and sends something: refused in read-only mode, described as a write in help. */
  writes: boolean;
  /** Accepts --watch. */
  watch?: boolean;
  /** Streams by itself (`alerts watch`): takes --count and --for without --watch. */
  streams?: boolean;
  options?: OptionSpecs;
  /** One line per option for help, by option name. */
  optionHelp?: Readonly<Record<string, string>>;
  /** The wire schema of the JSON output, for `perpdesk schema`. */
  schema?: () => unknown;
  /** A one-off answer, or (with --watch) nothing after streaming its updates. */
  run(r: CommandRun): Promise<CommandOutput | undefined>;
}
