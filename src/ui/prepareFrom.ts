import path from 'node:path';
import { ArgsError, type DashboardArgs } from '../startup/args.js';
import { ConfigError, loadConfig, type Config } from '../startup/config.js';
import { resolvePaths } from '../startup/paths.js';
import { resolveProfile } from '../startup/profile.js';
import type { Prepared } from './prepared.js';
import { loadTheme, themesDir } from './theme/loadTheme.js';

/** A user's mistake: one line on stderr and the exit code to return. */
export function fail(message: string, code = 2): number {
  process.stderr.write(`perpdesk: ${message}\n`);
  return code;
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
