import {
  ConfigError,
  loadConfig,
  resolvePaths
} from "./chunk-DQYEIOK2.js";
import {
  ArgsError,
  HELP,
  parseDashboardArgs
} from "./chunk-L4UM5I4Q.js";
import {
  loadTheme,
  packageRoot,
  themesDir
} from "./chunk-D6PXKOBX.js";

// src/ui/main.ts
import { readFileSync } from "node:fs";
import path from "node:path";
function packageVersion() {
  const root = packageRoot();
  if (root === void 0) return "unknown";
  try {
    return JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
function fail(message, code = 2) {
  process.stderr.write(`perpdesk: ${message}
`);
  return code;
}
function prepare(argv, env = process.env) {
  let args;
  try {
    args = parseDashboardArgs(argv);
  } catch (e) {
    return fail(e instanceof ArgsError ? e.message : String(e));
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (args.version) {
    process.stdout.write(`perpdesk ${packageVersion()}
`);
    return 0;
  }
  const paths = resolvePaths(env, { ...args.config ? { configFile: args.config } : {}, ...args.stateDir ? { stateDir: path.resolve(args.stateDir) } : {} });
  let config;
  try {
    config = loadConfig(paths.configFile);
  } catch (e) {
    return fail(e instanceof ConfigError ? e.message : String(e));
  }
  const url = args.url ?? config.url;
  if (url !== void 0 && args.url === void 0 && !/^https?:\/\/[^\s/]+/.test(url)) return fail(`${paths.configFile}: url: must be an http:// or https:// address, got "${url}"`);
  if (args.readOnly && url !== void 0 && !args.address) return fail("--read-only on a deployment needs --address 0x... (the account to watch)");
  const themeDirs = [path.join(paths.configDir, "themes"), themesDir()];
  if (args.theme) {
    const r = loadTheme(args.theme, { level: "truecolor", dirs: themeDirs });
    if (!r.ok) return fail(`--theme: ${r.error}`);
  }
  if (!process.stdout.isTTY || !process.stdin.isTTY) return fail("the dashboard needs a terminal (stdin and stdout must be a TTY)");
  return { args, config, configDir: paths.configDir, stateDir: paths.stateDir, themeDirs };
}
async function dashboardMain(argv) {
  const prepared = prepare(argv);
  if (typeof prepared === "number") return prepared;
  const { runDashboard } = await import("./runDashboard-UHXHEN67.js");
  return runDashboard(prepared);
}
export {
  dashboardMain,
  fail,
  prepare
};
