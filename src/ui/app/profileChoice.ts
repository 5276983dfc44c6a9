import type { WatchedAccount } from '../../session/accountsWatch.js';
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

/**
 * The profiles' accounts for the overview. A deployment's is polled at its url; the embedded
 * venue only while this dashboard runs it (its address is this session's: the demo account,
 * or a read-only profile's).
 */
export function watchedAccounts(config: Pick<Config, 'profiles'>, here: { embeddedUrl: string | undefined; demoAddress: string | undefined }): WatchedAccount[] {
  return Object.entries(config.profiles ?? {}).map(([name, p]) => {
    if (p.url) return { name, url: p.url, address: p.address };
    if (!here.embeddedUrl) return { name, url: undefined, address: undefined, unavailable: 'embedded venue not running' };
    const address = p.readOnly ? (p.address ?? here.demoAddress) : here.demoAddress;
    return { name, url: here.embeddedUrl, address };
  });
}
