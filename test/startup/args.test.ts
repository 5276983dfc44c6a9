import { describe, expect, it } from 'vitest';
import { ArgsError, HELP, parseDashboardArgs, parseServeArgs } from '../../src/startup/args.js';
import { mouseEnabled, parseConfig, ConfigError } from '../../src/startup/config.js';
import { resolvePaths } from '../../src/startup/paths.js';

describe('dashboard flags', () => {
  it('parses a full remote invocation', () => {
    const a = parseDashboardArgs(['--url', 'http://127.0.0.1:9000', '--keystore', 'k.json', '--agent-key-file', 'a.hex', '--contract', 'SOL1', '--theme', 'light', '--no-color']);
    expect(a).toMatchObject({ url: 'http://127.0.0.1:9000', keystore: 'k.json', agentKeyFile: 'a.hex', contract: 'SOL1', theme: 'light', noColor: true, readOnly: false });
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'.*perpdesk --help/],
    [['--url', 'ftp://x'], /--url must be an http/],
    [['--address', '0x12'], /--address must be 0x/],
    [['--activity', 'wild'], /--activity must be one of off, calm, normal, busy, stress/],
    [['--read-only', '--key-file', 'k'], /--read-only loads no key/],
    [['--read-only', '--url', 'http://h'], /needs --address/],
    [['--ws', 'ws://h/ws'], /--ws needs --url/],
    [['--seed', 'x'], /--seed must be a whole number/],
    [['extra'], /Unexpected argument|positional/i],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseDashboardArgs(argv)).toThrow(ArgsError);
    expect(() => parseDashboardArgs(argv)).toThrow(message);
  });

  it('--no-mouse turns the mouse off; it is on by default and listed in --help', () => {
    expect(parseDashboardArgs([]).noMouse).toBe(false);
    expect(parseDashboardArgs(['--no-mouse']).noMouse).toBe(true);
    expect(HELP).toMatch(/^  --no-mouse +\S/m);
  });

  it('takes --port for the embedded exchange only', () => {
    expect(parseDashboardArgs(['--port', '8123']).port).toBe(8123);
    expect(() => parseDashboardArgs(['--port', 'x'])).toThrow(ArgsError);
    expect(() => parseDashboardArgs(['--url', 'http://h', '--port', '8123'])).toThrow(ArgsError);
  });
});

describe('config file', () => {
  it('accepts a full valid file', () => {
    const c = parseConfig(
      JSON.stringify({ theme: 'mono', keymap: { 'order.buy': ['b'] }, guards: { maxNotional: '50000', maxDistancePct: '5' }, confirm: { policy: 'above', notional: '1000' } }),
      'c.json',
    );
    expect(c.guards?.maxNotional).toBe('50000');
  });

  it('takes a staleness threshold for every pane that has one, agents included', () => {
    const c = parseConfig(JSON.stringify({ staleAfterMs: { book: 5000, trades: 5000, candles: 60000, orders: 5000, account: 5000, agents: 30000 } }), 'c.json');
    expect(c.staleAfterMs?.agents).toBe(30000);
  });

  it('"mouse": false turns the mouse off as --no-mouse does; absent, it is on', () => {
    expect(parseConfig('{"mouse":false}', 'c.json').mouse).toBe(false);
    expect(mouseEnabled(parseConfig('{}', 'c.json'), { noMouse: false })).toBe(true);
    expect(mouseEnabled(parseConfig('{"mouse":true}', 'c.json'), { noMouse: false })).toBe(true);
    expect(mouseEnabled(parseConfig('{"mouse":false}', 'c.json'), { noMouse: false })).toBe(false);
    expect(mouseEnabled(parseConfig('{"mouse":true}', 'c.json'), { noMouse: true })).toBe(false);
    expect(() => parseConfig('{"mouse":"off"}', 'c.json')).toThrow(/c.json: mouse: /);
  });

  it.each([
    ['{', /c.json: not valid JSON/],
    ['{"guards":{"maxNotional":5}}', /c.json: guards.maxNotional: /],
    ['{"confirm":{"policy":"sometimes"}}', /c.json: confirm.policy: /],
    ['{"colour":"red"}', /c.json: colour: unknown field/],
    ['{"staleAfterMs":{"book":5}}', /c.json: staleAfterMs.book: /],
  ])('names the bad field in %s', (text, message) => {
    expect(() => parseConfig(text, 'c.json')).toThrow(ConfigError);
    expect(() => parseConfig(text, 'c.json')).toThrow(message);
  });
});

describe('paths', () => {
  it('follows XDG and its defaults', () => {
    expect(resolvePaths({ HOME: '/h' })).toEqual({ configDir: '/h/.config/perpdesk', configFile: '/h/.config/perpdesk/config.json', stateDir: '/h/.local/state/perpdesk' });
    expect(resolvePaths({ HOME: '/h', XDG_CONFIG_HOME: '/c', XDG_STATE_HOME: '/s' }).stateDir).toBe('/s/perpdesk');
    expect(resolvePaths({ HOME: '/h', XDG_CONFIG_HOME: 'relative' }).configDir).toBe('/h/.config/perpdesk');
  });
});

describe('perpdesk serve flags', () => {
  it('needs --ssh HOST:PORT and takes the SSH options beside the dashboard ones', () => {
    expect(() => parseServeArgs([])).toThrow('perpdesk serve needs --ssh HOST:PORT');
    expect(() => parseServeArgs(['--ssh', '2222'])).toThrow('--ssh must be HOST:PORT');
    expect(() => parseServeArgs(['--ssh', 'localhost:70000'])).toThrow('--ssh must be HOST:PORT');
    expect(() => parseServeArgs(['--ssh', '127.0.0.1:2222', '--no-mouse'])).toThrow("Unknown option '--no-mouse'");
    const a = parseServeArgs(['--ssh', '[::1]:2222', '--max-viewers', '4', '--idle-timeout', '15m', '--authorized-keys', 'k', '--activity', 'calm']);
    expect(a).toMatchObject({ ssh: { host: '::1', port: 2222 }, maxViewers: 4, idleTimeoutMs: 900_000, authorizedKeys: 'k', activity: 'calm' });
    expect(parseServeArgs(['--ssh', '127.0.0.1:0', '--idle-timeout', '0']).idleTimeoutMs).toBe(0);
    expect(() => parseServeArgs(['--ssh', '127.0.0.1:0', '--max-viewers', '0'])).toThrow('--max-viewers must be a whole number, 1 or more');
    expect(() => parseServeArgs(['--ssh', '127.0.0.1:0', '--idle-timeout', 'soon'])).toThrow('--idle-timeout must be a duration');
  });

  it('--replay-market PATH [--speed S] is the embedded venue\'s only', () => {
    expect(parseDashboardArgs(['--replay-market', 'rec', '--speed', '5'])).toMatchObject({ replayMarket: 'rec', speed: '5' });
    expect(parseDashboardArgs(['--replay-market=rec']).speed).toBeUndefined();
    expect(() => parseDashboardArgs(['--replay-market', 'rec', '--url', 'http://x.example'])).toThrow('--replay-market applies to the embedded exchange only');
    expect(() => parseDashboardArgs(['--speed', '5'])).toThrow('--speed goes with --replay-market PATH');
  });

  it('--fresh is the embedded venue\'s only', () => {
    expect(parseDashboardArgs(['--fresh']).fresh).toBe(true);
    expect(() => parseDashboardArgs(['--fresh', '--url', 'http://x.example'])).toThrow('--fresh applies to the embedded exchange only');
  });
});
