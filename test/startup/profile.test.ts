import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ArgsError, HELP, parseDashboardArgs, parseServeArgs } from '../../src/startup/args.js';
import { ConfigError, parseConfig, type Config } from '../../src/startup/config.js';
import { resolveProfile } from '../../src/startup/profile.js';
import { prepareFrom } from '../../src/ui/prepareFrom.js';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const V = '0x' + 'c'.repeat(40);
const FILE = '/home/u/.config/perpdesk/config.json';

/** Two accounts on one deployment, a monitor on another, the embedded demo account. */
const CONFIG = {
  url: 'http://top.example:1',
  profiles: {
    alice: { url: 'https://ex.example', ws: 'wss://ex.example/stream', address: A, agentKeyFile: 'keys/alice.hex', keystore: '/abs/alice.json', passwordFile: 'pw' },
    bob: { url: 'https://ex.example', address: B, agentKeystore: 'keys/bob.json', vault: B },
    watch: { url: 'http://other.example:8080', address: B, readOnly: true },
    paper: {},
  },
};
const config = (extra: object = {}): Config => parseConfig(JSON.stringify({ ...CONFIG, ...extra }), FILE);
const resolve = (argv: string[], c: Config = config()) => resolveProfile(parseDashboardArgs(argv), c);

describe('profiles in the config file', () => {
  it('parses them, key paths made absolute from the config file\'s folder', () => {
    const c = config();
    expect(Object.keys(c.profiles!)).toEqual(['alice', 'bob', 'watch', 'paper']);
    expect(c.profiles!['alice']).toMatchObject({ agentKeyFile: '/home/u/.config/perpdesk/keys/alice.hex', keystore: '/abs/alice.json', passwordFile: '/home/u/.config/perpdesk/pw' });
    expect(c.profiles!['bob']).toMatchObject({ agentKeystore: '/home/u/.config/perpdesk/keys/bob.json', vault: B });
    // A relative config file name: relative to where it is, as the user typed it.
    expect(parseConfig(JSON.stringify(CONFIG), 'conf/c.json').profiles!['bob']!.agentKeystore).toBe(path.resolve('conf/keys/bob.json'));
  });

  it.each([
    [{ alice: { url: 'ftp://x', address: A, agentKeyFile: 'k' } }, /c\.json: profiles\.alice\.url: expected an http/],
    [{ alice: { url: 'http://x', address: '0x12', agentKeyFile: 'k' } }, /c\.json: profiles\.alice\.address: expected 0x followed by 40 hex/],
    [{ alice: { url: 'http://x', address: A, agentKeyFile: 'k', vault: 'me' } }, /c\.json: profiles\.alice\.vault: expected 0x/],
    [{ alice: { url: 'http://x', address: A, agentKeyFile: 'k', colour: 1 } }, /c\.json: profiles\.alice\.colour: unknown field/],
    [{ alice: { url: 'http://x', address: A, agentKeyFile: 'k', readOnly: 'yes' } }, /c\.json: profiles\.alice\.readOnly: /],
    [{ alice: { url: 'http://x', agentKeyFile: 'k' } }, /c\.json: profiles\.alice\.address: required/],
    [{ alice: { url: 'http://x', address: A } }, /c\.json: profiles\.alice: a trading profile needs agentKeystore or agentKeyFile/],
    [{ alice: { url: 'http://x', address: A, agentKeyFile: 'k', agentKeystore: 'j' } }, /c\.json: profiles\.alice\.agentKeyFile: give agentKeystore or agentKeyFile, not both/],
    [{ alice: { url: 'http://x', address: A, keyFile: 'k', keystore: 'j' } }, /c\.json: profiles\.alice\.keyFile: give keystore or keyFile/],
    [{ alice: { ws: 'ws://x/ws' } }, /c\.json: profiles\.alice\.ws: needs url/],
    [{ alice: { agentKeyFile: 'k' } }, /c\.json: profiles\.alice: keys need a url/],
    [{ alice: { address: A } }, /c\.json: profiles\.alice\.address: on the embedded exchange only a read-only profile/],
    [{ alice: { url: 'http://x', address: A, agentKeyFile: '  ' } }, /c\.json: profiles\.alice\.agentKeyFile: expected a file path/],
    [{ 'a b': { readOnly: true } }, /c\.json: profiles\.a b: a profile name is/],
  ])('names the file and the profile: %j', (profiles, message) => {
    expect(() => parseConfig(JSON.stringify({ profiles }), 'c.json')).toThrow(ConfigError);
    expect(() => parseConfig(JSON.stringify({ profiles }), 'c.json')).toThrow(message);
  });

  it('a default profile must exist', () => {
    expect(config({ profile: 'bob' }).profile).toBe('bob');
    expect(() => config({ profile: 'carol' })).toThrow(/profile: no profile named "carol" \(profiles: alice, bob, watch, paper\)/);
    expect(() => parseConfig('{"profile":"x"}', 'c.json')).toThrow(/c\.json: profile: .*has no profiles/);
  });
});

describe('--profile and --vault flags', () => {
  it('are shared by the dashboard and perpdesk serve, and listed in --help', () => {
    expect(parseDashboardArgs(['--profile', 'alice', '--vault', V])).toMatchObject({ profile: 'alice', vault: V });
    expect(parseServeArgs(['--ssh', '127.0.0.1:2222', '--profile', 'bob']).profile).toBe('bob');
    expect(HELP).toMatch(/^  --profile NAME +\S/m);
    expect(HELP).toMatch(/^  --vault 0x\.\.\. +\S/m);
  });

  it.each([
    [['--vault', '0x12'], /--vault must be 0x followed by 40 hex digits/],
    [['--profile', ''], /--profile needs a value/],
    [['--profile'], /argument missing|--profile/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseDashboardArgs(argv)).toThrow(ArgsError);
    expect(() => parseDashboardArgs(argv)).toThrow(message);
  });

  it('leave the checks a profile may answer (read-only needs an address, --ws needs a url) until it is read', () => {
    expect(() => parseDashboardArgs(['--profile', 'alice', '--ws', 'ws://h/ws'])).not.toThrow();
    expect(() => parseDashboardArgs(['--profile', 'bob', '--read-only', '--url', 'http://h'])).not.toThrow();
    expect(() => parseDashboardArgs(['--ws', 'ws://h/ws'])).toThrow(/--ws needs --url/);
  });
});

describe('resolving a profile', () => {
  it('fills in the target, address and keys; the config\'s own url and ws stop applying', () => {
    const r = resolve(['--profile', 'alice']);
    expect(r.args).toMatchObject({
      profile: 'alice',
      url: 'https://ex.example',
      ws: 'wss://ex.example/stream',
      address: A,
      agentKeyFile: '/home/u/.config/perpdesk/keys/alice.hex',
      keystore: '/abs/alice.json',
      passwordFile: '/home/u/.config/perpdesk/pw',
      readOnly: false,
    });
    expect(r.config.url).toBeUndefined();
    expect(r.config.profiles).toBeDefined();
    expect(resolve(['--profile', 'bob']).args).toMatchObject({ address: B, agentKeystore: '/home/u/.config/perpdesk/keys/bob.json', vault: B });
  });

  it('explicit flags win, the keys slot by slot', () => {
    const r = resolve(['--profile', 'alice', '--address', B, '--agent-keystore', '/mine.json', '--contract', 'ETH1', '--vault', B]).args;
    expect(r).toMatchObject({ address: B, agentKeystore: '/mine.json', keystore: '/abs/alice.json', contract: 'ETH1', vault: B });
    // A vault is the account acted for: --vault alone watches it, another --address is refused.
    expect(resolve(['--profile', 'alice', '--vault', V]).args).toMatchObject({ address: V, vault: V });
    expect(() => resolve(['--profile', 'alice', '--address', B, '--vault', V])).toThrow('--vault is the account acted for');
    expect(r.agentKeyFile).toBeUndefined();
    const m = resolve(['--profile', 'alice', '--key-file', '/m.hex']).args;
    expect(m).toMatchObject({ keyFile: '/m.hex', agentKeyFile: '/home/u/.config/perpdesk/keys/alice.hex' });
    expect(m.keystore).toBeUndefined();
    // --url replaces the profile's target: its ws went with its url.
    const u = resolve(['--profile', 'alice', '--url', 'http://tunnel:9000']).args;
    expect(u).toMatchObject({ url: 'http://tunnel:9000', address: A });
    expect(u.ws).toBeUndefined();
  });

  it('--read-only loads none of the profile\'s keys and watches its account', () => {
    const r = resolve(['--profile', 'alice', '--read-only']).args;
    expect(r).toMatchObject({ readOnly: true, url: 'https://ex.example', address: A });
    for (const k of ['keystore', 'keyFile', 'agentKeystore', 'agentKeyFile', 'passwordFile'] as const) expect(r[k]).toBeUndefined();
  });

  it('a read-only profile is monitor mode and stays so', () => {
    expect(resolve(['--profile', 'watch']).args).toMatchObject({ readOnly: true, url: 'http://other.example:8080', address: B });
    expect(() => resolve(['--profile', 'watch', '--agent-key-file', 'k'])).toThrow(/profile watch is read-only: drop the key flags/);
  });

  it('a profile without a url is the embedded exchange, even with a url at the top of the config', () => {
    const r = resolve(['--profile', 'paper', '--activity', 'calm']);
    expect(r.args.url).toBeUndefined();
    expect(r.config.url).toBeUndefined();
    expect(r.args.activity).toBe('calm');
    expect(() => resolve(['--profile', 'alice', '--activity', 'calm'])).toThrow(/--activity applies to the embedded exchange only, and profile alice has a url/);
    expect(() => resolve(['--profile', 'paper', '--ws', 'ws://h/ws'])).toThrow(/profile paper: --ws needs a url/);
    expect(() => resolve(['--profile', 'paper', '--read-only', '--url', 'http://h'])).toThrow(/profile paper: read-only on a deployment needs an address/);
  });

  it('an unknown name lists the known ones; --profile without profiles says so', () => {
    expect(() => resolve(['--profile', 'carol'])).toThrow(ArgsError);
    expect(() => resolve(['--profile', 'carol'])).toThrow('--profile carol: no such profile (profiles: alice, bob, watch, paper)');
    expect(() => resolve(['--profile', 'toString'])).toThrow(/no such profile/);
    expect(() => resolveProfile(parseDashboardArgs(['--profile', 'alice']), parseConfig('{"theme":"dark"}', 'c.json'), '/h/c.json')).toThrow('--profile alice: no "profiles" in /h/c.json');
  });

  it('the config\'s default applies unless --profile or another target is named', () => {
    const c = config({ profile: 'bob' });
    expect(resolve([], c).args).toMatchObject({ profile: 'bob', url: 'https://ex.example', address: B });
    expect(resolve(['--read-only'], c).args).toMatchObject({ profile: 'bob', readOnly: true, address: B });
    expect(resolve(['--profile', 'watch'], c).args.profile).toBe('watch');
    for (const argv of [['--url', 'http://h:1', '--key-file', 'k'], ['--activity', 'busy'], ['--fresh'], ['--port', '9000'], ['--seed', '7']]) {
      const r = resolve(argv, c);
      expect(r.args.profile, argv.join(' ')).toBeUndefined();
      expect(r.config.url).toBe('http://top.example:1');
    }
  });

  it('without --profile and without a default, the args and config come back as they were', () => {
    const args = parseDashboardArgs(['--url', 'http://h:1', '--agent-key-file', 'k', '--address', A]);
    const c = config();
    const r = resolveProfile(args, c);
    expect(r.args).toBe(args);
    expect(r.config).toBe(c);
  });
});

describe('the dashboard and perpdesk serve (prepareFrom)', () => {
  it('start from the profile\'s args; an unknown one is one line and exit code 2', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'perpdesk-profile-'));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      mkdirSync(path.join(home, 'c', 'perpdesk'), { recursive: true });
      writeFileSync(path.join(home, 'c', 'perpdesk', 'config.json'), JSON.stringify(CONFIG));
      const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, 'c'), XDG_STATE_HOME: path.join(home, 's') };
      const p = prepareFrom(parseServeArgs(['--ssh', '127.0.0.1:2222', '--profile', 'bob']), env);
      if (typeof p === 'number') throw new Error(`exit ${p}`);
      expect(p.args).toMatchObject({ profile: 'bob', url: 'https://ex.example', address: B, agentKeystore: path.join(home, 'c', 'perpdesk', 'keys', 'bob.json'), ssh: { port: 2222 } });
      expect(p.config.url).toBeUndefined();
      expect(prepareFrom(parseDashboardArgs(['--profile', 'carol']), env)).toBe(2);
      expect(err).toHaveBeenLastCalledWith('perpdesk: --profile carol: no such profile (profiles: alice, bob, watch, paper)\n');
    } finally {
      err.mockRestore();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
