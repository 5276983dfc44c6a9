import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { argsError, ArgsError, readSharedArgs, SHARED_OPTIONS } from '../startup/args.js';
import { ConfigError, loadConfig, type Config } from '../startup/config.js';
import { resolvePaths } from '../startup/paths.js';
import { resolveProfile } from '../startup/profile.js';
import { prepareStateDir, StateDirError } from '../session/stateDir.js';
import { matchSorter, rankings } from 'match-sorter';
import { terminalSafe } from '../protocol/safeText.js';
import { commandHelp, commandsHelp, groupHelp } from './commandHelp.js';
import { commandName, COMMANDS, findCommand, loadCommand } from './commands.js';
import type { CommandFlags, CommandHead, CommandRun, CommandSpec, OptionSpecs } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';
import { prepareTables, printOutput, toJson, type OutputMode, type Writer } from './output.js';
import { parseDuration } from '../format/parseDuration.js';
import { schemaCommand } from './schemaCommand.js';

const COMMAND_OPTIONS = {
  json: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  count: { type: 'string' },
  for: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  yes: { type: 'boolean', short: 'y', default: false },
} as const;

export interface CommandIo {
  stdout: Writer & { isTTY?: boolean };
  stderr: Writer;
  stdinIsTTY: boolean;
  env: NodeJS.ProcessEnv;
}

const processIo = (): CommandIo => ({ stdout: process.stdout, stderr: process.stderr, stdinIsTTY: process.stdin.isTTY === true, env: process.env });

function commandFlags(v: Record<string, unknown>): CommandFlags {
  const flags: CommandFlags = { json: v['json'] === true, watch: v['watch'] === true, dryRun: v['dry-run'] === true, force: v['force'] === true, yes: v['yes'] === true };
  if (typeof v['count'] === 'string') {
    if (!/^\d{1,9}$/.test(v['count']) || Number(v['count']) === 0) throw new ArgsError('--count must be a whole number above 0');
    flags.count = Number(v['count']);
  }
  if (typeof v['for'] === 'string') {
    const ms = parseDuration(v['for']);
    if (ms === undefined) throw new ArgsError('--for must be a duration such as 30s, 5m or 500ms');
    flags.forMs = ms;
  }
  return flags;
}

/** A refusal or failure: one line on stderr, and for scripts the same as a JSON document on stdout. */
function report(io: CommandIo, mode: OutputMode, e: CommandError): number {
  io.stderr.write(`perpdesk: ${e.message}\n`);
  if (mode === 'json') io.stdout.write(`${toJson({ ok: false, exitCode: e.code, error: e.message, ...(e.detail ?? {}) }, 2)}\n`);
  return e.code;
}

/**
 * The one place the command line writes text for a person: stderr, and stdout when it is a
 * table. Whatever an exchange put in a name or a message reaches the terminal through
 * terminalSafe, never as an escape sequence. JSON goes out as it is (toJson escapes).
 */
const forPerson = (w: Writer): Writer => ({ write: (t) => w.write(terminalSafe(t, { lines: true })) });

/** Commands under the words `group` (`algo` -> algo twap, algo list, ...). */
const commandsUnder = (words: readonly string[]) => COMMANDS.filter((c) => c.path.length > words.length && words.every((w, i) => c.path[i] === w));

/** "did you mean orders": the command names the word is closest to (match-sorter, as the palette ranks). */
function didYouMean(word: string): string {
  const names = [...new Set(COMMANDS.flatMap((c) => [c.path[0]!, commandName(c)])), 'help', 'schema'];
  const best = matchSorter(names, word, { threshold: rankings.MATCHES }).slice(0, 3);
  return best.length === 0 ? '' : ` (did you mean ${best.map((n) => `"${n}"`).join(' or ')}?)`;
}

/** A negative number where a value is due (`order buy -3`) is a value, not an option. */
const NEGATIVE = /^-\d[\d.,_]*%?$/;
const PLACEHOLDER = '\u0000negative:';

/** Words that look like negative numbers, kept from the option parser: `--size -3` as `--size=-3`, a word as a value. */
function shieldNegatives(args: readonly string[], options: OptionSpecs): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.push(...args.slice(i));
      break;
    }
    const next = args[i + 1];
    const name = a.startsWith('--') && !a.includes('=') ? a.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && NEGATIVE.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(NEGATIVE.test(a) ? PLACEHOLDER + a : a);
  }
  return out;
}

/**
 * `perpdesk <command> ...`: the headless face. Every user error is one line on stderr and a
 * documented exit status; a script also gets the error as JSON on stdout.
 */
export async function commandMain(words: readonly string[], io: CommandIo = processIo()): Promise<number> {
  let argv = words;
  if (argv[0] === 'help' || argv.length === 0) {
    const c = findCommand(argv.slice(1));
    io.stdout.write(c ? commandHelp(c) : commandsHelp());
    return EXIT.ok;
  }
  // `perpdesk order 123` looks the order up, as `order show 123` does.
  if (argv[0] === 'order' && /^\d+$/.test(argv[1] ?? '')) argv = ['order', 'show', ...argv.slice(1)];
  let mode: OutputMode = io.stdout.isTTY === true && !argv.includes('--json') ? 'table' : 'json';
  const person: CommandIo = { ...io, stderr: forPerson(io.stderr), stdout: mode === 'table' ? Object.assign(forPerson(io.stdout), { isTTY: io.stdout.isTTY }) : io.stdout };
  // The index (words, flags, help) until the command runs: its module is imported then.
  const info = argv[0] === 'schema' ? undefined : findCommand(argv);
  const spec: CommandHead | undefined = argv[0] === 'schema' ? schemaCommand : info;
  if (!spec) {
    // A group's words alone (`perpdesk algo`, `perpdesk collateral --help`) list its commands.
    const words = argv.filter((w) => !w.startsWith('-'));
    const under = commandsUnder(words);
    if (under.length > 0 && argv.every((w) => !w.startsWith('-') || w === '--help' || w === '-h' || w === '--json')) {
      io.stdout.write(groupHelp(words, under));
      return EXIT.ok;
    }
    const what = words.length > 0 ? words.join(' ') : argv[0]!;
    return report(person, mode, new CommandError(EXIT.usage, `unknown command "${what}"${didYouMean(words[0] ?? what)}. Run 'perpdesk help' for the commands.`));
  }
  const rest = argv.slice(spec.path.length);
  let run: CommandRun;
  const stops: (() => void)[] = [];
  try {
    let parsed;
    try {
      const options = { ...SHARED_OPTIONS, ...COMMAND_OPTIONS, ...spec.options } as OptionSpecs;
      parsed = parseArgs({ args: shieldNegatives(rest, options), strict: true, allowPositionals: true, allowNegative: false, options });
      parsed.positionals = parsed.positionals.map((w) => (w.startsWith(PLACEHOLDER) ? w.slice(PLACEHOLDER.length) : w));
    } catch (e) {
      throw argsError(e, `perpdesk ${commandName(spec)} --help`);
    }
    const values = parsed.values as Record<string, string | boolean | undefined>;
    const given = readSharedArgs(values);
    const flags = commandFlags(values);
    if (flags.json) mode = 'json';
    if (given.help) {
      io.stdout.write(commandHelp(spec));
      return EXIT.ok;
    }
    // Its module loads (files read off the thread pool) while the config and state directory are read.
    const loading: Promise<CommandSpec> = info ? loadCommand(info) : Promise.resolve(schemaCommand);
    loading.catch(() => {});
    if (parsed.positionals.some((w) => w.startsWith('-') && !NEGATIVE.test(w))) throw new ArgsError(`unexpected words: ${parsed.positionals.join(' ')}`);
    if (flags.watch && !spec.watch) throw new ArgsError(`${commandName(spec)} has no --watch`);
    if ((flags.count !== undefined || flags.forMs !== undefined) && !flags.watch && !spec.streams) throw new ArgsError('--count and --for go with --watch');
    if (spec.writes && given.readOnly) throw new ArgsError(`--read-only: ${commandName(spec)} signs and sends; it is refused in read-only mode`);
    const paths = resolvePaths(io.env, { ...(given.config ? { configFile: given.config } : {}), ...(given.stateDir ? { stateDir: path.resolve(given.stateDir) } : {}) });
    try {
      prepareStateDir(paths.stateDir);
    } catch (e) {
      if (e instanceof StateDirError) throw new CommandError(EXIT.usage, e.message);
      throw e;
    }
    let loaded: Config;
    try {
      loaded = loadConfig(paths.configFile);
    } catch (e) {
      if (e instanceof ConfigError) throw new CommandError(EXIT.usage, e.message);
      throw e;
    }
    const { args: shared, config } = resolveProfile(given, loaded, paths.configFile);
    if (spec.writes && shared.readOnly) throw new ArgsError(`profile ${shared.profile}: read-only: ${commandName(spec)} signs and sends; it is refused in read-only mode`);
    let interrupt = () => {};
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      const on = () => interrupt();
      process.on(sig, on);
      stops.push(() => process.off(sig, on));
    }
    run = {
      args: { ...shared, ...flags },
      positionals: parsed.positionals,
      options: values,
      config,
      stateDir: paths.stateDir,
      mode,
      out: person.stdout,
      err: person.stderr,
      interactive: io.stdinIsTTY && io.stdout.isTTY === true,
      interrupted,
      ask: async (question) => {
        const rl = createInterface({ input: process.stdin, output: process.stderr });
        try {
          return await rl.question(question);
        } catch (e) {
          // Ctrl-C at the question: readline gives up with an AbortError; the caller says "not sent".
          if (e instanceof Error && (e.name === 'AbortError' || (e as NodeJS.ErrnoException).code === 'ABORT_ERR')) return undefined;
          throw e;
        } finally {
          rl.close();
        }
      },
    };
    if (mode === 'table') await prepareTables();
    // A command derives an address and signs at most a few times before it exits.
    (await import('../protocol/signature.js')).signWithoutTables();
    const out = await (await loading).run(run);
    // The one signed path answers a dry run with a dry-run document; anything else means a command skipped it.
    if (spec.writes && run.args.dryRun && !(out && typeof out.json === 'object' && out.json !== null && (out.json as { dryRun?: unknown }).dryRun === true)) {
      throw new CommandError(EXIT.internal, `internal error: ${commandName(spec)} answered --dry-run without a dry run`);
    }
    if (out) printOutput(person.stdout, mode, out);
    return out?.exitCode ?? EXIT.ok;
  } catch (e) {
    if (e instanceof ArgsError) return report(person, mode, new CommandError(EXIT.usage, e.message));
    if (e instanceof CommandError) return report(person, mode, e);
    return report(person, mode, new CommandError(EXIT.internal, `internal error: ${e instanceof Error ? e.message : String(e)}`));
  } finally {
    for (const stop of stops) stop();
  }
}
