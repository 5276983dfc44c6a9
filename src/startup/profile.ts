import { ArgsError, type SharedArgs } from './args.js';
import type { Config, Profile } from './config.js';

/**
 * Which account a run is: `--profile NAME` (or the config's default `profile`) fills in the
 * target and identity flags the command line did not give. Every face (dashboard, `perpdesk
 * serve`, the commands) resolves through here, so a profile means the same thing in each.
 *
 * - Target: the profile's `url` and `ws`, or the embedded exchange when it has no url; the
 *   config's top-level `url`/`ws` do not apply to a profile. `--url` on the command line
 *   replaces the profile's url and its `ws` (a ws address belongs to its url).
 * - Keys, by slot: `--agent-keystore`/`--agent-key-file` replace the profile's agent key,
 *   `--keystore`/`--key-file` its master key. `--read-only` loads none of them.
 * - A read-only profile stays read-only: a key flag with it is an error, not a switch to trading.
 * - The default profile is set aside when the command line names another target: `--url`,
 *   or (for a default with a url) an embedded-only flag (`--activity`, `--seed`, `--port`, `--fresh`, `--replay-market`).
 *
 * Without `--profile` and without a default the args come back untouched.
 */

export interface Resolved<A extends SharedArgs> {
  args: A;
  /** The config to use with them: without its top-level url/ws when a profile chose the target. */
  config: Config;
}

/** The names of the config's profiles, in file order. */
export function profileNames(config: Pick<Config, 'profiles'>): string[] {
  return Object.keys(config.profiles ?? {});
}

/** Which profile applies to these args, if any (an explicit --profile, else the config's default). */
export function chosenProfile(args: SharedArgs, config: Pick<Config, 'profile' | 'profiles'>): string | undefined {
  if (args.profile !== undefined) return args.profile;
  const name = config.profile;
  if (name === undefined) return undefined;
  if (args.url !== undefined) return undefined;
  const hasUrl = config.profiles?.[name]?.url !== undefined;
  const embeddedFlag = args.activity !== undefined || args.seed !== undefined || args.port !== undefined || args.fresh === true || args.replayMarket !== undefined;
  if (hasUrl && embeddedFlag) return undefined;
  return name;
}

/** `configFile` names the file in the message when it has no profiles. */
export function resolveProfile<A extends SharedArgs>(args: A, config: Config, configFile?: string): Resolved<A> {
  const name = chosenProfile(args, config);
  if (name === undefined) return { args, config };
  const names = profileNames(config);
  if (names.length === 0) throw new ArgsError(`--profile ${name}: no "profiles" in ${configFile ?? 'the config file'}`);
  const p: Profile | undefined = Object.hasOwn(config.profiles!, name) ? config.profiles![name] : undefined;
  if (!p) throw new ArgsError(`--profile ${name}: no such profile (profiles: ${names.join(', ')})`);

  const out: A = { ...args, profile: name };
  const { url: _url, ws: _ws, ...rest } = config;
  if (args.url === undefined) {
    setOrDrop(out, 'url', p.url);
    setOrDrop(out, 'ws', args.ws ?? p.ws);
  }
  setOrDrop(out, 'address', args.address ?? p.address);
  setOrDrop(out, 'vault', args.vault ?? p.vault);
  // A vault profile watches the vault: it is the account its agent acts for.
  if (out.vault !== undefined && args.address === undefined) out.address = out.vault;

  const agentFlag = args.agentKeystore !== undefined || args.agentKeyFile !== undefined;
  const masterFlag = args.keystore !== undefined || args.keyFile !== undefined;
  if (p.readOnly) {
    if (agentFlag || masterFlag) throw new ArgsError(`profile ${name} is read-only: drop the key flags, or set "readOnly": false for it in the config`);
    out.readOnly = true;
  } else if (!args.readOnly) {
    if (!agentFlag) {
      setOrDrop(out, 'agentKeystore', p.agentKeystore);
      setOrDrop(out, 'agentKeyFile', p.agentKeyFile);
    }
    if (!masterFlag) {
      setOrDrop(out, 'keystore', p.keystore);
      setOrDrop(out, 'keyFile', p.keyFile);
    }
    const usesProfileKeystore = (!agentFlag && p.agentKeystore !== undefined) || (!masterFlag && p.keystore !== undefined);
    if (args.passwordFile === undefined && usesProfileKeystore) setOrDrop(out, 'passwordFile', p.passwordFile);
  }
  checkResolved(out, name);
  return { args: out, config: rest };
}

function setOrDrop<A extends SharedArgs, K extends keyof SharedArgs>(out: A, key: K, value: SharedArgs[K] | undefined): void {
  if (value === undefined) delete out[key];
  else out[key] = value as A[K];
}

/** The flag combinations args.ts leaves until a profile is read, said in terms of the profile. */
function checkResolved(a: SharedArgs, name: string): void {
  const from = `profile ${name}`;
  if (a.readOnly && a.url !== undefined && a.address === undefined) throw new ArgsError(`${from}: read-only on a deployment needs an address (--address 0x...)`);
  if (a.url === undefined && a.ws !== undefined) throw new ArgsError(`${from}: --ws needs a url (the profile is the embedded exchange)`);
  if (a.url !== undefined) {
    for (const [flag, given] of [['--activity', a.activity !== undefined], ['--seed', a.seed !== undefined], ['--port', a.port !== undefined], ['--fresh', a.fresh === true], ['--replay-market', a.replayMarket !== undefined]] as const) {
      if (given) throw new ArgsError(`${flag} applies to the embedded exchange only, and ${from} has a url`);
    }
  }
}
