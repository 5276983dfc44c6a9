import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Dashboard flags. Unknown or malformed flags are user errors with a one-line message, not stacks. */
export interface DashboardArgs {
  url?: string;
  ws?: string;
  keystore?: string;
  keyFile?: string;
  agentKeystore?: string;
  agentKeyFile?: string;
  passwordFile?: string;
  readOnly: boolean;
  address?: string;
  /** A profile of the config file: its fields fill in the flags not given (src/startup/profile.ts). */
  profile?: string;
  /** The vault the agent acts for: vault proxy operations carry it as `vaultAddress`. */
  vault?: string;
  contract?: string;
  theme?: string;
  noColor: boolean;
  /** Leave mouse reporting off (the config's `mouse: false` does the same). */
  noMouse: boolean;
  /** Record the market the session receives (docs/recording.md); the config's `record` does the same. */
  record?: boolean;
  config?: string;
  stateDir?: string;
  activity?: string;
  seed?: number;
  /** Port of the embedded exchange on 127.0.0.1 (0 or absent: a free one). */
  port?: number;
  inviteCode?: string;
  /** Start a new embedded venue (the old state file is kept beside it, renamed). */
  fresh?: boolean;
  /** The embedded exchange's index follows this recording (docs/recording.md); its venue is in memory. */
  replayMarket?: string;
  /** `--speed` of --replay-market, as typed (checked where the recording is opened). */
  speed?: string;
  help: boolean;
  version: boolean;
}

export class ArgsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgsError';
  }
}

export const ACTIVITY_LEVELS = ['off', 'calm', 'normal', 'busy', 'stress'] as const;

export const HELP = `perpdesk — terminal trading dashboard for a perpetual-futures exchange

Usage:
  perpdesk [options]              dashboard (embedded exchange unless --url is given)
  perpdesk <command> [options]    one read or write without the screen: book, orders, order buy ...
                                  (perpdesk help lists every command and its exit codes)
  perpdesk exchange [options]     run the embedded exchange alone (see: perpdesk exchange --help)

Connection:
  --url URL               REST base of a deployment (POST URL/exchange, URL/info)
  --ws URL                WebSocket address (default: the --url host with /ws)
  --invite-code CODE      invite code for a first registration on --url
Keys (never printed; raw key files readable by group/others are refused):
  --keystore FILE         master key, Web3 Secret Storage v3 (geth / Foundry 'cast wallet')
  --key-file FILE         master key, raw hex in a 0600 file
  --agent-keystore FILE   agent key, keystore
  --agent-key-file FILE   agent key, raw hex in a 0600 file
  --password-file FILE    keystore password (else PERPDESK_PASSWORD, else a hidden prompt)
  PERPDESK_PRIVATE_KEY    master key from the environment (warned: it can leak)
Profiles (accounts named in the config file's "profiles"):
  --profile NAME          run as that profile: its url, ws, address and keys fill in the
                          flags not given here (the config's "profile" names a default)
  --vault 0x...           the vault the agent key acts for (vault proxy operations)
Monitor mode:
  --read-only             load no key and hide every write action
  --address 0x...         account to watch (required with --read-only on --url)
Display:
  --contract NAME         contract to open (an Active one, by name)
  --theme NAME            dark (default), light, high-contrast, mono
  --no-color              no colours (also NO_COLOR=1)
  --no-mouse              leave the mouse to the terminal (its own text selection); else a
                          click focuses a pane or picks a book level and the wheel scrolls
                          lists. Also "mouse": false in the config file
Embedded exchange:
  --activity LEVEL        market activity: off, calm, normal (default), busy, stress
  --seed N                market seed, for tests and benchmarks (default: random, kept in
                          <state dir>/embedded/seed)
  --port N                listen on 127.0.0.1:N (default: a free port), e.g. to query /info beside it
  --fresh                 start a new paper venue; the old one is kept as embedded/exchange.<time>.sqlite
  --replay-market PATH    paper trading a past session: the index follows a recording's marks
                          (perpdesk record, --record), the makers quoting around it, on a paper
                          venue of its own in memory (docs/recording.md)
  --speed S               the replay's pace, 0.5 to 50 times real time (default 1)
Files:
  --config FILE           config file (default $XDG_CONFIG_HOME/perpdesk/config.json)
  --state-dir DIR         keys, nonces, journal (default $XDG_STATE_HOME/perpdesk)
  --record                record the market received to <state dir>/recordings (gzip NDJSON
                          per minute; docs/recording.md); also "record": true in the config
  -h, --help              this help
  -v, --version           version

Exit codes of a command: 0 ok, 1 the exchange rejected it, 2 bad arguments or config,
3 network or timeout, 4 refused before signing (guard, known refusal, --yes needed),
5 answer lost and not settled, 70 internal. The dashboard: 0 quit, 1 setup failed,
2 bad flags or config, 70 unexpected error.
`;

/** The flags every face shares: where to connect, which keys, which files. */
export const SHARED_OPTIONS = {
  url: { type: 'string' },
  ws: { type: 'string' },
  keystore: { type: 'string' },
  'key-file': { type: 'string' },
  'agent-keystore': { type: 'string' },
  'agent-key-file': { type: 'string' },
  'password-file': { type: 'string' },
  'read-only': { type: 'boolean', default: false },
  address: { type: 'string' },
  profile: { type: 'string' },
  vault: { type: 'string' },
  contract: { type: 'string' },
  config: { type: 'string' },
  'state-dir': { type: 'string' },
  activity: { type: 'string' },
  seed: { type: 'string' },
  port: { type: 'string' },
  'invite-code': { type: 'string' },
  fresh: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

/** The screen's flags, for the dashboard and each viewer of `perpdesk serve`. */
export const DISPLAY_OPTIONS = {
  theme: { type: 'string' },
  'no-color': { type: 'boolean', default: false },
} as const satisfies ParseArgsConfig['options'];

function readDisplayArgs(v: Values): Pick<DashboardArgs, 'noColor' | 'theme'> {
  const out: Pick<DashboardArgs, 'noColor' | 'theme'> = { noColor: v['no-color'] === true };
  if (typeof v['theme'] === 'string') {
    if (v['theme'].trim() === '') throw new ArgsError('--theme needs a value');
    out.theme = v['theme'];
  }
  return out;
}

/** Flags as node's strict parser reads them (no positionals); a mistake is one line naming the help. */
function strictFlags<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, helpCommand?: string) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (e) {
    throw argsError(e, helpCommand);
  }
}

export type SharedArgs = Omit<DashboardArgs, 'theme' | 'noColor' | 'noMouse' | 'version'>;

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** node's messages are good ("Unknown option '--x'") but mention internals; keep the first sentence. */
export function argsError(e: unknown, helpCommand = 'perpdesk --help'): ArgsError {
  const msg = e instanceof Error ? e.message.split('. ')[0] : String(e);
  return new ArgsError(`${msg}. Run '${helpCommand}' for the options.`);
}

/** Checks and converts the shared flags; every problem is an ArgsError naming the flag. */
export function readSharedArgs(v: Values): SharedArgs {
  const out: SharedArgs = { readOnly: v['read-only'] === true, help: v['help'] === true };
  const str = (key: string, field: keyof SharedArgs) => {
    const value = v[key];
    if (typeof value === 'string') {
      if (value.trim() === '') throw new ArgsError(`--${key} needs a value`);
      (out as unknown as Record<string, unknown>)[field] = value;
    }
  };
  str('url', 'url');
  str('ws', 'ws');
  str('keystore', 'keystore');
  str('key-file', 'keyFile');
  str('agent-keystore', 'agentKeystore');
  str('agent-key-file', 'agentKeyFile');
  str('password-file', 'passwordFile');
  str('address', 'address');
  str('profile', 'profile');
  str('vault', 'vault');
  str('contract', 'contract');
  str('config', 'config');
  str('state-dir', 'stateDir');
  str('activity', 'activity');
  str('invite-code', 'inviteCode');
  if (out.url !== undefined && !/^https?:\/\/[^\s/]+/.test(out.url)) throw new ArgsError(`--url must be an http:// or https:// address, got "${out.url}"`);
  if (out.ws !== undefined && !/^wss?:\/\/[^\s/]+/.test(out.ws)) throw new ArgsError(`--ws must be a ws:// or wss:// address, got "${out.ws}"`);
  if (out.address !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(out.address)) throw new ArgsError('--address must be 0x followed by 40 hex digits');
  if (out.vault !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(out.vault)) throw new ArgsError('--vault must be 0x followed by 40 hex digits');
  // Acting for a vault is watching it: it is the account, whoever's agent signs.
  if (out.vault !== undefined) {
    if (out.address !== undefined && out.address.toLowerCase() !== out.vault.toLowerCase()) throw new ArgsError('--vault is the account acted for: drop --address, or give the same address');
    out.address = out.vault;
  }
  if (out.activity !== undefined && !(ACTIVITY_LEVELS as readonly string[]).includes(out.activity)) {
    throw new ArgsError(`--activity must be one of ${ACTIVITY_LEVELS.join(', ')}`);
  }
  const seed = v['seed'];
  if (typeof seed === 'string') {
    if (!/^\d{1,9}$/.test(seed)) throw new ArgsError('--seed must be a whole number');
    out.seed = Number(seed);
  }
  const port = v['port'];
  if (typeof port === 'string') {
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new ArgsError('--port must be a port number (0-65535)');
    out.port = Number(port);
  }
  if (out.readOnly && (out.keystore || out.keyFile || out.agentKeystore || out.agentKeyFile)) {
    throw new ArgsError('--read-only loads no key: drop the key flags, or drop --read-only');
  }
  // A profile may bring the url or the address: checked again once it is read (src/startup/profile.ts).
  if (out.profile === undefined) {
    if (out.readOnly && out.url !== undefined && out.address === undefined) {
      throw new ArgsError('--read-only on --url needs --address 0x... (the account to watch)');
    }
    if (out.url === undefined && out.ws !== undefined) throw new ArgsError('--ws needs --url');
  }
  if (out.url !== undefined && out.activity !== undefined) throw new ArgsError('--activity applies to the embedded exchange only (no --url)');
  if (out.url !== undefined && out.port !== undefined) throw new ArgsError('--port applies to the embedded exchange only (no --url)');
  if (v['fresh'] === true) {
    if (out.url !== undefined) throw new ArgsError('--fresh applies to the embedded exchange only (no --url)');
    out.fresh = true;
  }
  return out;
}

/** The dashboard's own flags that take a value (beside the shared and display ones). */
export const DASHBOARD_VALUE_OPTIONS = {
  'replay-market': { type: 'string' },
  speed: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

function readReplayMarket(v: Values, url: string | undefined): Pick<DashboardArgs, 'replayMarket' | 'speed'> {
  const path = v['replay-market'];
  const speed = v['speed'];
  if (typeof speed === 'string' && typeof path !== 'string') throw new ArgsError('--speed goes with --replay-market PATH');
  if (typeof path !== 'string') return {};
  if (path.trim() === '') throw new ArgsError('--replay-market needs a recording (a file or a folder)');
  if (url !== undefined) throw new ArgsError('--replay-market applies to the embedded exchange only (no --url)');
  return { replayMarket: path, ...(typeof speed === 'string' ? { speed } : {}) };
}

export function parseDashboardArgs(argv: string[]): DashboardArgs {
  const v = strictFlags(argv, { ...SHARED_OPTIONS, ...DISPLAY_OPTIONS, ...DASHBOARD_VALUE_OPTIONS, 'no-mouse': { type: 'boolean', default: false }, record: { type: 'boolean', default: false }, version: { type: 'boolean', short: 'v', default: false } });
  const shared = readSharedArgs(v);
  return { ...shared, ...readReplayMarket(v, shared.url), ...readDisplayArgs(v), noMouse: v['no-mouse'] ?? false, ...(v.record === true ? { record: true } : {}), version: v.version ?? false };
}

/** `perpdesk serve` flags: the dashboard's (but mouse and colour, which are each viewer's), and the SSH server's. */
export interface ServeArgs extends DashboardArgs {
  ssh: { host: string; port: number };
  hostKey?: string;
  authorizedKeys?: string;
  /** Absent: the server's default (16). */
  maxViewers?: number;
  /** No input for this long closes a viewer; 0 never. Absent: the server's default (60 min). */
  idleTimeoutMs?: number;
}

export const SERVE_HELP = `perpdesk serve — one session, a dashboard for each SSH viewer

Usage:
  perpdesk serve --ssh HOST:PORT [dashboard options] [SSH options]

SSH:
  --ssh HOST:PORT           where to listen, e.g. 127.0.0.1:2222 (viewers: ssh -p 2222 HOST)
  --host-key FILE           the server's private key (default: <state dir>/ssh_host_ed25519_key,
                            generated on first start; its fingerprint is printed)
  --authorized-keys FILE    public keys allowed in, OpenSSH format (default ~/.ssh/authorized_keys);
                            read-only unless the line has environment="PERPDESK_TRADE=1"
  --max-viewers N           at most N viewers at once (default 16)
  --idle-timeout DURATION   close a viewer after this long without a key (default 60m; 0 never)

Every dashboard option but --no-mouse and --version applies (perpdesk --help). Trading
viewers sign with the server's agent key; the journal names the SSH key that asked.
`;

/** `30s`, `5m`, `1h` (or 0): whole units only, as a flag is typed. */
function durationFlag(text: string, flag: string): number {
  const m = /^(\d{1,6})(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new ArgsError(`${flag} must be a duration such as 30s, 10m, 1h (or 0)`);
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  return n * (unit === 'h' ? 3_600_000 : unit === 'm' ? 60_000 : unit === 's' ? 1_000 : 1);
}

export function parseServeArgs(argv: string[]): ServeArgs {
  const v = strictFlags(
    argv,
    {
      ...SHARED_OPTIONS,
      ...DISPLAY_OPTIONS,
      ssh: { type: 'string' },
      'host-key': { type: 'string' },
      'authorized-keys': { type: 'string' },
      'max-viewers': { type: 'string' },
      'idle-timeout': { type: 'string' },
    },
    'perpdesk serve --help',
  );
  const shared = readSharedArgs(v);
  const base: DashboardArgs = { ...shared, ...readDisplayArgs(v), noMouse: true, version: false };
  if (shared.help) return { ...base, ssh: { host: '', port: 0 } };
  const ssh = v.ssh;
  if (typeof ssh !== 'string') throw new ArgsError('perpdesk serve needs --ssh HOST:PORT (e.g. --ssh 127.0.0.1:2222)');
  const m = /^(\[[0-9a-fA-F:]+\]|[^\s:[\]]+):(\d{1,5})$/.exec(ssh.trim());
  if (!m || Number(m[2]) > 65535) throw new ArgsError(`--ssh must be HOST:PORT, e.g. 127.0.0.1:2222, got "${ssh}"`);
  const out: ServeArgs = { ...base, ssh: { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) } };
  for (const [flag, field] of [['host-key', 'hostKey'], ['authorized-keys', 'authorizedKeys']] as const) {
    const value = v[flag];
    if (typeof value === 'string') {
      if (value.trim() === '') throw new ArgsError(`--${flag} needs a value`);
      out[field] = value;
    }
  }
  const max = v['max-viewers'];
  if (typeof max === 'string') {
    if (!/^\d{1,4}$/.test(max) || Number(max) < 1) throw new ArgsError('--max-viewers must be a whole number, 1 or more');
    out.maxViewers = Number(max);
  }
  const idle = v['idle-timeout'];
  if (typeof idle === 'string') out.idleTimeoutMs = durationFlag(idle, '--idle-timeout');
  return out;
}
