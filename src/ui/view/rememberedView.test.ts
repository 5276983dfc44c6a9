import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StartupError } from '../../session/index.js';
import { selectContract } from '../../state/actions.js';
import { createAppStore } from '../../state/store.js';
import { fullState } from '../../../test/ui/support/paneFixtures.js';
import { tempDirs } from '../../../test/support/tempDirs.js';
import { waitFor } from '../../../test/support/waitFor.js';
import { createViewStore, view } from './viewStore.js';
import { loadRememberedView, rememberedViewPath, rememberView, saveRememberedView, startContract, startTheme } from './rememberedView.js';

const tmp = tempDirs('perpdesk-view-');
const POSIX = process.platform !== 'win32';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('loadRememberedView', () => {
  it('a missing file or state directory is nothing remembered, without a word', () => {
    expect(loadRememberedView(tmp())).toEqual({ view: {}, warnings: [] });
    expect(loadRememberedView(path.join(tmp(), 'not-yet'))).toEqual({ view: {}, warnings: [] });
  });

  it('reads back what was saved, mode 0600', async () => {
    const dir = tmp();
    await saveRememberedView(dir, { theme: 'light', contract: 'ETH1' });
    if (POSIX) expect(statSync(rememberedViewPath(dir)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(rememberedViewPath(dir), 'utf8'))).toEqual({ theme: 'light', contract: 'ETH1' });
    expect(loadRememberedView(dir)).toEqual({ view: { theme: 'light', contract: 'ETH1' }, warnings: [] });
  });

  it('keeps only fields that look like names; other shapes are nothing remembered', () => {
    const dir = tmp();
    const put = (text: string) => writeFileSync(rememberedViewPath(dir), text, { mode: 0o600 });
    put(JSON.stringify({ theme: 'mono', contract: 42, extra: true }));
    expect(loadRememberedView(dir).view).toEqual({ theme: 'mono' });
    put(JSON.stringify({ theme: 'x\x1b[2J', contract: 'y'.repeat(65) }));
    expect(loadRememberedView(dir).view).toEqual({});
    put('["light"]');
    expect(loadRememberedView(dir)).toEqual({ view: {}, warnings: [] });
  });

  it('a malformed or oversized file is ignored with a warning, never a crash', () => {
    const dir = tmp();
    writeFileSync(rememberedViewPath(dir), '{"theme": "li', { mode: 0o600 });
    let r = loadRememberedView(dir);
    expect(r.view).toEqual({});
    expect(r.warnings).toEqual([`remembered view '${rememberedViewPath(dir)}' is not valid JSON; ignored`]);
    writeFileSync(rememberedViewPath(dir), `{"theme":"light","pad":"${'x'.repeat(5000)}"}`, { mode: 0o600 });
    r = loadRememberedView(dir);
    expect(r.view).toEqual({});
    expect(r.warnings[0]).toMatch(/is too large \(\d+ bytes\); ignored$/);
  });

  it.skipIf(!POSIX)('a file open to other users, a link or a directory is refused with a warning that says what to do', () => {
    const dir = tmp();
    const file = rememberedViewPath(dir);
    writeFileSync(file, JSON.stringify({ theme: 'light' }));
    chmodSync(file, 0o644);
    expect(loadRememberedView(dir)).toEqual({
      view: {},
      warnings: [`remembered view '${file}' has permissions 0644, open to other users. Fix with: chmod 600 '${file}'; ignored`],
    });

    const other = tmp();
    const target = path.join(other, 'elsewhere.json');
    writeFileSync(target, JSON.stringify({ theme: 'light' }), { mode: 0o600 });
    symlinkSync(target, rememberedViewPath(other));
    const linked = loadRememberedView(other);
    expect(linked.view).toEqual({});
    expect(linked.warnings[0]).toContain('is a symbolic link');

    const third = tmp();
    mkdirSync(rememberedViewPath(third));
    expect(loadRememberedView(third).warnings[0]).toContain('is not a regular file');
  });
});

describe('start-up precedence', () => {
  const installed = ['dark', 'high-contrast', 'light', 'mono'];

  it('theme: --theme > remembered (if still installed) > config > default', () => {
    expect(startTheme({ flag: 'mono', remembered: 'light', config: 'high-contrast' }, installed, 'dark')).toBe('mono');
    expect(startTheme({ remembered: 'light', config: 'high-contrast' }, installed, 'dark')).toBe('light');
    expect(startTheme({ remembered: 'gone', config: 'high-contrast' }, installed, 'dark')).toBe('high-contrast');
    expect(startTheme({ remembered: 'gone' }, installed, 'dark')).toBe('dark');
    expect(startTheme({}, installed, 'dark')).toBe('dark');
  });

  /** resolveContract's rules over a fixed list of Active contracts. */
  const exchange = (active: string[], asked: (string | undefined)[]) => async (wanted: string | undefined) => {
    asked.push(wanted);
    if (wanted === undefined) return active[0]!;
    if (active.includes(wanted)) return wanted;
    throw new StartupError(`--contract ${wanted}: no Active contract by that name`);
  };

  it('contract: --contract > remembered > config > the first Active one', async () => {
    const asked: (string | undefined)[] = [];
    const resolve = exchange(['SOL1', 'BTC1', 'ETH1'], asked);
    expect(await startContract(resolve, { flag: 'BTC1', remembered: 'ETH1', config: 'SOL1' })).toBe('BTC1');
    expect(await startContract(resolve, { remembered: 'ETH1', config: 'BTC1' })).toBe('ETH1');
    expect(await startContract(resolve, { config: 'BTC1' })).toBe('BTC1');
    expect(await startContract(resolve, {})).toBe('SOL1');
    expect(asked).toEqual(['BTC1', 'ETH1', 'BTC1', undefined]);
  });

  it('a remembered contract no longer Active gives way silently; a wrong --contract or config is still an error', async () => {
    const asked: (string | undefined)[] = [];
    const resolve = exchange(['SOL1', 'BTC1'], asked);
    expect(await startContract(resolve, { remembered: 'DOGE0', config: 'BTC1' })).toBe('BTC1');
    expect(await startContract(resolve, { remembered: 'DOGE0' })).toBe('SOL1');
    await expect(startContract(resolve, { flag: 'DOGE0', remembered: 'SOL1' })).rejects.toThrow('--contract DOGE0');
    await expect(startContract(resolve, { remembered: 'SOL1', config: 'DOGE0' })).resolves.toBe('SOL1');
    await expect(startContract(resolve, { remembered: 'ETH1', config: 'DOGE0' })).rejects.toThrow('--contract DOGE0');
  });

  it('an exchange that cannot be read is reported as such, not hidden behind the next source', async () => {
    const asked: (string | undefined)[] = [];
    const down = async (wanted: string | undefined) => {
      asked.push(wanted);
      throw new StartupError('cannot read the exchange\'s contracts at http://127.0.0.1:1: connection refused', 1);
    };
    await expect(startContract(down, { remembered: 'ETH1', config: 'BTC1' })).rejects.toThrow('cannot read');
    expect(asked).toEqual(['ETH1']);
  });
});

describe('rememberView', () => {
  function setup(debounceMs = 30) {
    const dir = tmp();
    const store = createAppStore({ ...fullState(Date.now()), market: { ...fullState(Date.now()).market!, selected: null } });
    const viewStore = createViewStore({ themeName: 'dark' });
    const errors: string[] = [];
    const r = rememberView({ stateDir: dir, store, view: viewStore, initial: { theme: 'dark', contract: 'SOL1' }, debounceMs, onError: (m) => errors.push(m) });
    const onDisk = () => (existsSync(rememberedViewPath(dir)) ? JSON.parse(readFileSync(rememberedViewPath(dir), 'utf8')) : undefined);
    return { dir, store, viewStore, r, errors, onDisk };
  }

  it('what the dashboard started with, and a contract not yet known, are no change: nothing is written', async () => {
    const t = setup();
    selectContract(t.store, 'SOL1');
    await sleep(80);
    await t.r.flush();
    expect(t.onDisk()).toBeUndefined();
    t.r.stop();
  });

  it('a theme cycled several times is written once, after the last change, with the contract shown', async () => {
    // The pause below must stay well inside the debounce, however loaded the machine.
    const t = setup(400);
    selectContract(t.store, 'SOL1');
    view.setTheme(t.viewStore, 'high-contrast');
    view.setTheme(t.viewStore, 'light');
    await sleep(20);
    expect(t.onDisk()).toBeUndefined();
    view.setTheme(t.viewStore, 'mono');
    await waitFor(() => t.onDisk() !== undefined, 'the view file', 2_000);
    expect(t.onDisk()).toEqual({ theme: 'mono', contract: 'SOL1' });
    t.r.stop();
  });

  it('a contract picked is saved; flush on exit writes a change the debounce still holds', async () => {
    const t = setup(10_000);
    selectContract(t.store, 'ETH1');
    expect(t.onDisk()).toBeUndefined();
    await t.r.flush();
    expect(t.onDisk()).toEqual({ theme: 'dark', contract: 'ETH1' });
    // Back to where it started: a change from what is on disk, so written too.
    selectContract(t.store, 'SOL1');
    await t.r.flush();
    expect(t.onDisk()).toEqual({ theme: 'dark', contract: 'SOL1' });
    t.r.stop();
  });

  it('a failed write is said once and tried again on the next change', async () => {
    const t = setup(10_000);
    // The state directory's place is taken by a file: the write cannot succeed.
    const blocked = path.join(t.dir, 'blocked');
    writeFileSync(blocked, '');
    t.r.stop();
    const errors: string[] = [];
    const r = rememberView({ stateDir: blocked, store: t.store, view: t.viewStore, initial: { theme: 'dark', contract: 'SOL1' }, debounceMs: 10_000, onError: (m) => errors.push(m) });
    view.setTheme(t.viewStore, 'light');
    await r.flush();
    view.setTheme(t.viewStore, 'mono');
    await r.flush();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^could not remember the view: /);
    r.stop();
  });
});
