import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ArgsError, HELP, parseDashboardArgs, type DashboardArgs } from '../startup/args.js';
import { fail, prepareFrom } from './prepareFrom.js';
import { packageRoot } from '../startup/packageRoot.js';
import type { Prepared } from './prepared.js';

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
  // A dumb terminal moves no cursor and has no alternate screen: the command line is for it.
  if (env['TERM'] === 'dumb') return fail('TERM=dumb: this terminal cannot draw the dashboard; use the command line (perpdesk help lists its commands, perpdesk --help the options)');
  if (!process.stdout.isTTY || !process.stdin.isTTY) return fail('the dashboard needs a terminal (stdin and stdout must be a TTY)');
  return checked;
}

export async function dashboardMain(argv: string[]): Promise<number> {
  const prepared = prepare(argv);
  if (typeof prepared === 'number') return prepared;
  const { runDashboard } = await import('./app/runDashboard.js');
  return runDashboard(prepared);
}
