import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMain } from '../../src/command/commandMain.js';
import { EXIT, exitCodesMarkdown } from '../../src/command/exitCodes.js';
import { addressOf } from '../../src/protocol/index.js';
import { PrivateKey, saveKeystoreFile } from '../../src/wallet/index.js';
import { newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { trader, type Trader } from '../exchange/traders.js';
import { startCapturingProxy, type CapturingProxy } from './support/capturingProxy.js';
import { conforms, type JsonSchema } from './support/jsonSchema.js';
import { ROOT, runCli, tempHome, type CliResult } from './support/runCli.js';
import { outputSchemas } from '../../src/command/outputSchemas.js';

/**
 * The command line's contract with scripts and people, from outside: every failure in JSON
 * mode is one JSON document with its documented exit code; groups list their commands; a
 * contract may be a positional word and matches any case; negative numbers are values; a
 * read never opens a key; text from a hostile deployment never reaches a terminal raw.
 */
let ex: TestExchange;
let home: string;
let me: Trader;

beforeAll(async () => {
  ex = await startTestExchange({ activity: 'calm' });
  home = tempHome();
  me = await trader(ex, 1_000n, 1);
}, 30_000);

afterAll(async () => {
  await ex?.close();
});

/** Every failure document any test here saw: each must conform to perpdesk schema's `error`. */
const failures: { words: string; json: unknown }[] = [];
const cli = async (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> => {
  const r = await runCli(args, { home, env });
  if (r.code !== 0) failures.push({ words: args.join(' '), json: r.json });
  return r;
};
const url = () => ['--url', ex.url];

/** A command in this process with a terminal for stdout (tables), or not (JSON). */
async function inProcess(argv: string[], tty: boolean): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const env = { HOME: home, XDG_STATE_HOME: path.join(home, '.state'), XDG_CONFIG_HOME: path.join(home, '.config') };
  const code = await commandMain(argv, { stdout: { write: (t) => void (stdout += t), isTTY: tty }, stderr: { write: (t) => void (stderr += t) }, stdinIsTTY: false, env });
  return { code, stdout, stderr };
}

describe('errors are documents', () => {
  it('an unknown command in JSON mode: exit 2, one JSON document, a "did you mean" from the command records', async () => {
    const r = await cli(['ordrs', '--json']);
    expect(r.code).toBe(2);
    expect(r.json).toMatchObject({ ok: false, exitCode: 2 });
    expect((r.json as { error: string }).error).toMatch(/did you mean "orders"/);
    expect(r.stderr).toMatch(/did you mean "orders"/);
  });

  it('an unknown flag and stray words are documents too; schema refuses stray words and knows agent generate', async () => {
    const flag = await cli(['orders', '--bogus', '--json', ...url()]);
    expect(flag.code).toBe(2);
    expect(flag.json).toMatchObject({ ok: false, exitCode: 2 });
    const schema = await cli(['schema', 'bogus', '--json']);
    expect(schema.code).toBe(2);
    expect(schema.json).toMatchObject({ ok: false, exitCode: 2 });
    const all = await cli(['schema', '--json']);
    expect(all.code).toBe(0);
    expect(Object.keys(all.json as object)).toContain('agent generate');
  });

  it('a read of an address with no account exits 2, as docs/cli.md says', async () => {
    const r = await cli(['account', '--address', addressOf(newKey()), ...url(), '--json']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.json).toMatchObject({ ok: false, exitCode: 2 });
  });

  it("a negative number is a value where one is due, refused by the form's own check", async () => {
    const keyFile = path.join(home, 'me.key');
    writeFileSync(keyFile, `${me.key}\n`, { mode: 0o600 });
    const r = await cli(['order', 'buy', '-3', '@', '145', '--url', ex.url, '--key-file', keyFile, '--contract', 'SOL1', '--json']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).not.toMatch(/Unknown option/);
    expect((r.json as { error: string }).error).toMatch(/^Size: size must be positive/);
    const after = await cli(["order", "--url", ex.url, "--key-file", keyFile, "--contract", "SOL1", "--json", "buy", "--", "-3", "145"]);
    expect(after.code, after.stderr).toBe(2);
    expect((after.json as { error: string }).error).toMatch(/^Size: size must be positive/);
  });

  it('a read given --agent-keystore never opens it (no password asked, none needed)', async () => {
    const ks = path.join(home, 'agent.json');
    await saveKeystoreFile(ks, PrivateKey.fromHex(newKey()), 'right password here', { scryptN: 1024 });
    const wrong = path.join(home, 'wrong.txt');
    writeFileSync(wrong, 'not the password\n', { mode: 0o600 });
    const r = await cli(['book', '--contract', 'SOL1', ...url(), '--agent-keystore', ks, '--password-file', wrong, '--address', me.address, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const account = await cli(['account', ...url(), '--agent-keystore', ks, '--password-file', wrong, '--address', me.address, '--json']);
    expect(account.code, account.stderr).toBe(0);
  });
});

describe('habits', () => {
  it('a group lists its commands, bare or with --help', async () => {
    for (const words of [['algo'], ['algo', '--help'], ['collateral'], ['group', '--help'], ['orders', '--help']]) {
      const r = await cli(words);
      expect(r.code, `${words.join(' ')}: ${r.stderr}`).toBe(0);
      const first = words[0]!;
      const expected = { algo: ['algo twap', 'algo list', 'algo cancel'], collateral: ['collateral lock', 'collateral transfer'], group: ['group deposit', 'group unlock'], orders: ['orders batch'] }[first]!;
      for (const name of expected) expect(r.stdout, words.join(' ')).toContain(name);
    }
  });

  it('book SOL1 takes the contract as a word, and --contract matches any case', async () => {
    const word = await cli(['book', 'SOL1', ...url(), '--json']);
    expect(word.code, word.stderr).toBe(0);
    expect(word.json).toMatchObject({ contractId: 1 });
    const lower = await cli(['book', '--contract', 'sol1', ...url(), '--json']);
    expect(lower.code, lower.stderr).toBe(0);
    expect(lower.json).toMatchObject({ contractId: 1 });
    const both = await cli(['book', 'eth1', ...url(), '--json']);
    expect(both.json).toMatchObject({ contractId: 3 });
  });
});

describe('a hostile deployment cannot write to the terminal', () => {
  const HOSTILE = '\u001b]0;owned\u0007\u001b]52;c;SGVsbG8=\u0007\u001b[6n\u001b[?1049l\u009b2J';
  /** Every string of contract names and of every /exchange answer gets the sequences appended. */
  const mangle = (p: string, body: unknown): unknown => {
    const walk = (x: unknown, key = ''): unknown => {
      if (typeof x === 'string') return p.startsWith('/exchange') || key === 'name' ? x + HOSTILE : x;
      if (Array.isArray(x)) return x.map((e) => walk(e, key));
      if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k)]));
      return x;
    };
    return walk(body);
  };
  let proxy: CapturingProxy;
  beforeAll(async () => {
    proxy = await startCapturingProxy(ex.url, { mangle });
  });
  afterAll(async () => {
    await proxy?.close();
  });
  // eslint-disable-next-line no-control-regex
  const RAW = /[\u0007\u001b\u009b]/;

  it('contracts on a terminal: the names are shown, their escape sequences are not', async () => {
    const r = await inProcess(['contracts', '--url', proxy.url], true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('SOL1');
    expect(r.stdout).not.toMatch(RAW);
    const json = await inProcess(['contracts', '--url', proxy.url, '--json'], false);
    // JSON keeps the value (written as \u escapes), never the raw byte.
    expect(json.stdout).not.toMatch(RAW);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('owned');
  });

  it("leverage's error line carries the exchange's words, not its escape sequences", async () => {
    const keyFile = path.join(home, 'me.key');
    writeFileSync(keyFile, `${me.key}\n`, { mode: 0o600 });
    const r = await inProcess(['leverage', '500', '--url', proxy.url, '--key-file', keyFile, '--contract', 'SOL1', '--yes', '--force'], true);
    expect(r.code).not.toBe(0);
    expect(r.stderr.length).toBeGreaterThan(0);
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stdout).not.toMatch(RAW);
  });
});

describe('perpdesk schema', () => {
  it("agent generate's real output conforms to its entry", async () => {
    const pw = path.join(home, 'pw.txt');
    writeFileSync(pw, 'a long enough password\n', { mode: 0o600 });
    const r = await cli(['agent', 'generate', '--password-file', pw, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const schemas = outputSchemas() as Record<string, JsonSchema>;
    expect(conforms(schemas['agent generate']!, r.json)).toEqual([]);
    expect(conforms(schemas['agent generate']!, { address: 1 })).not.toEqual([]);
  });

  it('every failure document seen above is one JSON document that conforms to the error entry, with a documented code', () => {
    const schemas = outputSchemas() as Record<string, JsonSchema>;
    expect(failures.length).toBeGreaterThan(5);
    for (const f of failures) {
      expect(f.json, `${f.words}: not one JSON document`).toBeDefined();
      expect(conforms(schemas['error']!, f.json), f.words).toEqual([]);
    }
  });
});

describe('docs/cli.md', () => {
  it('has the exit-code table the code generates, and every code in it is one of EXIT', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'cli.md'), 'utf8');
    expect(doc).toContain(exitCodesMarkdown());
    const codes = [...exitCodesMarkdown().matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(codes.sort((a, b) => a - b)).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });
});
