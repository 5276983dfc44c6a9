import os from 'node:os';
import path from 'node:path';

/** XDG base directories (with the spec's defaults), so config and state live where users expect. */
export interface Paths {
  configDir: string;
  configFile: string;
  stateDir: string;
}

export function resolvePaths(env: NodeJS.ProcessEnv = process.env, overrides: { configFile?: string; stateDir?: string } = {}): Paths {
  const home = env['HOME'] ?? os.homedir();
  const configHome = env['XDG_CONFIG_HOME'] && path.isAbsolute(env['XDG_CONFIG_HOME']) ? env['XDG_CONFIG_HOME'] : path.join(home, '.config');
  const stateHome = env['XDG_STATE_HOME'] && path.isAbsolute(env['XDG_STATE_HOME']) ? env['XDG_STATE_HOME'] : path.join(home, '.local', 'state');
  const configDir = path.join(configHome, 'perpdesk');
  return {
    configDir,
    configFile: overrides.configFile ?? path.join(configDir, 'config.json'),
    stateDir: overrides.stateDir ?? path.join(stateHome, 'perpdesk'),
  };
}
