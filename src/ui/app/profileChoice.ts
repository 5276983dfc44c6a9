import type { Config } from '../../startup/config.js';
import type { ProfileLine } from '../context/AppContext.js';

/** The config's profiles as the switcher lists them: where, whose account, trading or not. */
export function profileLines(config: Pick<Config, 'profiles'>): ProfileLine[] {
  return Object.entries(config.profiles ?? {}).map(([name, p]) => ({
    name,
    target: p.url ? new URL(p.url).host : 'embedded',
    account: p.address ? `${p.address.slice(0, 6)}…${p.address.slice(-4)}` : 'demo account',
    mode: p.readOnly ? 'read-only' : 'trading',
  }));
}

/**
 * Why a running dashboard cannot open this profile, when it cannot: a keystore whose password
 * would have to be typed (the screen owns the terminal's keys; start with --profile NAME, or
 * give the profile a passwordFile).
 */
export function switchRefusal(config: Pick<Config, 'profiles'>, name: string, env: NodeJS.ProcessEnv): string | undefined {
  const p = config.profiles?.[name];
  if (!p) return `no profile named ${name}`;
  const keystore = !p.readOnly && (p.keystore !== undefined || p.agentKeystore !== undefined);
  if (keystore && p.passwordFile === undefined && !env['PERPDESK_PASSWORD']) {
    return `profile ${name}: its keystore asks for a password, which a running dashboard cannot prompt for; give the profile a passwordFile, or start with --profile ${name}`;
  }
  return undefined;
}
