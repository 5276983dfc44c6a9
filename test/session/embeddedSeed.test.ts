import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExchangeCore } from '../../src/exchange/core.js';
import { embeddedSeed, startEmbedded } from '../../src/session/embedded.js';

/**
 * The embedded exchange's seed derives its invite codes and operator keys, so it must not be
 * one every local user can guess (issue 17, part 5): random per state directory, kept there
 * 0600, and `--seed` still chooses one for tests and benchmarks.
 */

const POSIX = process.platform !== 'win32';
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(path.join(os.tmpdir(), 'perpdesk-seed-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** The operators a seed gives, as `configs` names them. */
function operatorsOf(seed: number): string[] {
  const configs = new ExchangeCore({ seed }).handleInfo({ type: 'configs' }).body as { marketDeployers: { operator?: string }[] };
  return configs.marketDeployers.map((m) => String(m.operator).toLowerCase());
}

async function operatorsServed(url: string): Promise<string[]> {
  const r = await fetch(`${url}/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'configs' }) });
  const body = (await r.json()) as { marketDeployers: { operator?: string }[] };
  return body.marketDeployers.map((m) => String(m.operator).toLowerCase());
}

describe('the embedded exchange seed', () => {
  it('is random per state directory, kept 0600 and reused', async () => {
    const [a, b] = [await tempDir(), await tempDir()];
    const seedA = await embeddedSeed(a);
    expect(await embeddedSeed(a)).toBe(seedA);
    expect(await embeddedSeed(b)).not.toBe(seedA);
    const file = path.join(a, 'embedded', 'seed');
    expect((await readFile(file, 'utf8')).trim()).toBe(String(seedA));
    if (POSIX) expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('is what startEmbedded uses unless a seed is given', async () => {
    const dir = await tempDir();
    const emb = await startEmbedded({ stateDir: dir, activity: 'off' });
    try {
      const served = await operatorsServed(emb.url);
      expect(served).not.toEqual(operatorsOf(1));
      expect(served).toEqual(operatorsOf(await embeddedSeed(dir)));
      await emb.ready;
    } finally {
      await emb.close();
    }
    const fixed = await startEmbedded({ stateDir: dir, activity: 'off', seed: 1 });
    try {
      expect(await operatorsServed(fixed.url)).toEqual(operatorsOf(1));
      await fixed.ready;
    } finally {
      await fixed.close();
    }
  });
});
