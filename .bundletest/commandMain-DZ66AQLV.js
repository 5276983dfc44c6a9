import {
  COMMANDS,
  CommandError,
  EXIT,
  EXIT_HELP,
  commandName,
  findCommand,
  parseDuration,
  prepareTables,
  printOutput,
  toJson
} from "./chunk-QBYXQN2N.js";
import "./chunk-5VB7KZPF.js";
import "./chunk-UTCD3AFF.js";
import "./chunk-VTVBDURB.js";
import {
  ConfigError,
  loadConfig,
  resolvePaths
} from "./chunk-DQYEIOK2.js";
import {
  ArgsError,
  SHARED_OPTIONS,
  argsError,
  readSharedArgs
} from "./chunk-L4UM5I4Q.js";

// src/command/commandMain.ts
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

// src/command/commandHelp.ts
var COMMAND_FLAG_HELP = `Output and safety (every command):
  --json                  one JSON document (the default when stdout is not a terminal)
  --watch                 stream updates (NDJSON when not a terminal) until Ctrl-C
  --count N               with --watch: stop after N updates
  --for DURATION          with --watch: stop after 30s, 5m, 500ms...
  --dry-run               sign the request and print it; send nothing
  --force                 send past a guard or a known-to-fail check
  --yes                   send what the config's confirm policy would ask about
`;
function usageLine(c) {
  return `perpdesk ${commandName(c)}${c.usage ? ` ${c.usage}` : ""}`;
}
function commandsHelp() {
  const reads = COMMANDS.filter((c) => !c.writes);
  const writes = COMMANDS.filter((c) => c.writes);
  const width = Math.max(...COMMANDS.map((c) => commandName(c).length)) + 2;
  const line = (c) => `  ${commandName(c).padEnd(width)}${c.summary}${c.watch ? " (--watch)" : ""}`;
  return [
    "perpdesk commands: every read and write without the screen",
    "",
    "Usage: perpdesk <command> [words] [flags]   (perpdesk <command> --help for its flags)",
    "",
    "Reads:",
    ...reads.map(line),
    "  schema".padEnd(width + 2) + "the JSON Schema of every command's output",
    "",
    "Writes (signed; checked like the dashboard's forms):",
    ...writes.map(line),
    "",
    COMMAND_FLAG_HELP,
    "Target and keys: as the dashboard (perpdesk --help): --url, --ws, --keystore, --key-file,",
    "--agent-keystore, --agent-key-file, --password-file, --read-only --address, --contract,",
    "--config, --state-dir. Without --url a command uses the embedded exchange of the state",
    "directory: a running dashboard's, else one started for the command.",
    "",
    EXIT_HELP
  ].join("\n");
}
function commandHelp(c) {
  const opts = Object.entries(c.optionHelp ?? {});
  const width = Math.max(0, ...opts.map(([k]) => k.length)) + 6;
  return [
    `Usage: ${usageLine(c)} [flags]`,
    "",
    `${c.summary}${c.writes ? " (signed)" : ""}`,
    ...opts.length ? ["", "Flags:", ...opts.map(([k, h]) => `  --${k.padEnd(width - 4)}${h}`)] : [],
    "",
    COMMAND_FLAG_HELP,
    EXIT_HELP
  ].join("\n");
}

// src/command/schemaCommand.ts
var schemaCommand = {
  path: ["schema"],
  summary: "the JSON Schema of every command's output",
  writes: false,
  run: async () => {
    const { outputSchemas } = await import("./outputSchemas-XFEB2I3M.js");
    const schemas = outputSchemas();
    return { json: schemas, human: [JSON.stringify(schemas, null, 2)] };
  }
};

// src/command/commandMain.ts
var COMMAND_OPTIONS = {
  json: { type: "boolean", default: false },
  watch: { type: "boolean", default: false },
  count: { type: "string" },
  for: { type: "string" },
  "dry-run": { type: "boolean", default: false },
  force: { type: "boolean", default: false },
  yes: { type: "boolean", short: "y", default: false }
};
var processIo = () => ({ stdout: process.stdout, stderr: process.stderr, stdinIsTTY: process.stdin.isTTY === true, env: process.env });
function commandFlags(v) {
  const flags = { json: v["json"] === true, watch: v["watch"] === true, dryRun: v["dry-run"] === true, force: v["force"] === true, yes: v["yes"] === true };
  if (typeof v["count"] === "string") {
    if (!/^\d{1,9}$/.test(v["count"]) || Number(v["count"]) === 0) throw new ArgsError("--count must be a whole number above 0");
    flags.count = Number(v["count"]);
  }
  if (typeof v["for"] === "string") {
    const ms = parseDuration(v["for"]);
    if (ms === void 0) throw new ArgsError("--for must be a duration such as 30s, 5m or 500ms");
    flags.forMs = ms;
  }
  return flags;
}
function report(io, mode, e) {
  io.stderr.write(`perpdesk: ${e.message}
`);
  if (mode === "json") io.stdout.write(`${toJson({ ok: false, exitCode: e.code, error: e.message, ...e.detail ?? {} }, 2)}
`);
  return e.code;
}
async function commandMain(words, io = processIo()) {
  let argv = words;
  if (argv[0] === "help" || argv.length === 0) {
    const c = findCommand(argv.slice(1));
    io.stdout.write(c ? commandHelp(c) : commandsHelp());
    return EXIT.ok;
  }
  if (argv[0] === "order" && /^\d+$/.test(argv[1] ?? "")) argv = ["order", "show", ...argv.slice(1)];
  const spec = argv[0] === "schema" ? schemaCommand : findCommand(argv);
  if (!spec) {
    io.stderr.write(`perpdesk: unknown command "${argv[0]}". Run 'perpdesk help' for the commands.
`);
    return EXIT.usage;
  }
  const rest = argv.slice(spec.path.length);
  let mode = io.stdout.isTTY === true ? "table" : "json";
  let run;
  const stops = [];
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...rest], strict: true, allowPositionals: true, allowNegative: false, options: { ...SHARED_OPTIONS, ...COMMAND_OPTIONS, ...spec.options } });
    } catch (e) {
      throw argsError(e, `perpdesk ${commandName(spec)} --help`);
    }
    const values = parsed.values;
    const shared = readSharedArgs(values);
    const flags = commandFlags(values);
    if (flags.json) mode = "json";
    if (shared.help) {
      io.stdout.write(commandHelp(spec));
      return EXIT.ok;
    }
    if (flags.watch && !spec.watch) throw new ArgsError(`${commandName(spec)} has no --watch`);
    if ((flags.count !== void 0 || flags.forMs !== void 0) && !flags.watch) throw new ArgsError("--count and --for go with --watch");
    if (spec.writes && shared.readOnly) throw new ArgsError(`--read-only: ${commandName(spec)} signs and sends; it is refused in read-only mode`);
    const paths = resolvePaths(io.env, { ...shared.config ? { configFile: shared.config } : {}, ...shared.stateDir ? { stateDir: path.resolve(shared.stateDir) } : {} });
    let config;
    try {
      config = loadConfig(paths.configFile);
    } catch (e) {
      if (e instanceof ConfigError) throw new CommandError(EXIT.usage, e.message);
      throw e;
    }
    let interrupt = () => {
    };
    const interrupted = new Promise((resolve) => interrupt = resolve);
    for (const sig of ["SIGINT", "SIGTERM"]) {
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
      out: io.stdout,
      err: io.stderr,
      interactive: io.stdinIsTTY && io.stdout.isTTY === true,
      interrupted,
      ask: async (question) => {
        const rl = createInterface({ input: process.stdin, output: process.stderr });
        try {
          return await rl.question(question);
        } finally {
          rl.close();
        }
      }
    };
    if (mode === "table") await prepareTables();
    const out = await spec.run(run);
    if (out) printOutput(io.stdout, mode, out);
    return out?.exitCode ?? EXIT.ok;
  } catch (e) {
    if (e instanceof ArgsError) return report(io, mode, new CommandError(EXIT.usage, e.message));
    if (e instanceof CommandError) return report(io, mode, e);
    return report(io, mode, new CommandError(EXIT.internal, `internal error: ${e instanceof Error ? e.message : String(e)}`));
  } finally {
    for (const stop of stops) stop();
  }
}
export {
  commandMain
};
