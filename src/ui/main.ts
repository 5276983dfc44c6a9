import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ArgsError, HELP, parseDashboardArgs, type DashboardArgs } from '../startup/args.js';
import { ConfigError, loadConfig, type Config } from '../startup/config.js';
import { packageRoot } from '../startup/packageRoot.js';
import { resolveProfile } from '../startup/profile.js';
import { resolvePaths } from '../startup/paths.js';
import type { Prepared } from './prepared.js';
import { loadTheme, themesDir } from './theme/loadTheme.js';

/**
 * `perpdesk` without a subcommand. Flags and the config file are checked here, before
 * anything heavy loads or the terminal is touched: every user error is one line on stderr
 * and exit code 2. The dashboard itself (runDashboard) is imported only when it will run.
 */

function packageVersion(): string {
  const root = packageRoot();
  if (root === undefined) return 'unknown';
  try {
    return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function fail(message: string, code = 2): number {
  process.stderr.write(`perpdesk: ${message}\n`);
  return code;
}

/** Flags, config and theme checks; a number is the exit code to return at once. */
export function prepare(argv: string[], env: NodeJS.ProcessEnv = process.env): Prepared | number {
  let args: DashboardArgs;
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
    process.stdout.write(`perpdesk ${packageVersion()}\n`);
    return 0;
  }
  const checked = prepareFrom(args, env);
  if (typeof checked === 'number') return checked;
  if (!process.stdout.isTTY || !process.stdin.isTTY) return fail('the dashboard needs a terminal (stdin and stdout must be a TTY)');
  return checked;
}

/** The config file and the themes for parsed flags (the dashboard's or `perpdesk serve`'s). */
export function prepareFrom<A extends DashboardArgs>(flags: A, env: NodeJS.ProcessEnv = process.env): (Prepared & { args: A }) | number {
  const paths = resolvePaths(env, { ...(flags.config ? { configFile: flags.config } : {}), ...(flags.stateDir ? { stateDir: path.resolve(flags.stateDir) } : {}) });
  let args: A;
  let config: Config;
  try {
    ({ args, config } = resolveProfile(flags, loadConfig(paths.configFile), paths.configFile));
  } catch (e) {
    return fail(e instanceof ConfigError || e instanceof ArgsError ? e.message : String(e));
  }
  const url = args.url ?? config.url;
  if (url !== undefined && args.url === undefined && !/^https?:\/\/[^\s/]+/.test(url)) return fail(`${paths.configFile}: url: must be an http:// or https:// address, got "${url}"`);
  if (args.readOnly && url !== undefined && !args.address) return fail('--read-only on a deployment needs --address 0x... (the account to watch)');
  const themeDirs = [path.join(paths.configDir, 'themes'), themesDir()];
  if (args.theme) {
    // A theme named on the command line must exist; one from the config file falls back on screen.
    const r = loadTheme(args.theme, { level: 'truecolor', dirs: themeDirs });
    if (!r.ok) return fail(`--theme: ${r.error}`);
  }
  return { args, config, configDir: paths.configDir, stateDir: paths.stateDir, themeDirs };
}

export async function dashboardMain(argv: string[]): Promise<number> {
  const prepared = prepare(argv);
  if (typeof prepared === 'number') return prepared;
  const { runDashboard } = await import('./app/runDashboard.js');
  return runDashboard(prepared);
}
