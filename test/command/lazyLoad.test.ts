import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * A command loads only what it runs: the command line's own code (words, flags, help, the
 * config) and the module of the command named, each command module a dynamic import. Read
 * off the bundle's module graph (esbuild, as scripts/build.mjs bundles): the modules a file
 * pulls in at once, its static imports followed, dynamic ones not.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let graph: Metafile['inputs'] | undefined;

async function inputs(): Promise<Metafile['inputs']> {
  if (graph) return graph;
  const r = await build({
    entryPoints: [path.join(ROOT, 'src/cli.ts')],
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    write: false,
    format: 'esm',
    platform: 'node',
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
    external: ['secp256k1', 'secp256k1/*', 'better-sqlite3', 'ssh2', 'bufferutil', 'utf-8-validate', 'react-devtools-core'],
  });
  return (graph = r.metafile.inputs);
}

async function staticClosure(...files: string[]): Promise<string[]> {
  const all = await inputs();
  const seen = new Set<string>();
  const stack = [...files];
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of all[f]?.imports ?? []) if (i.kind !== 'dynamic-import' && all[i.path]) stack.push(i.path);
  }
  return [...seen];
}

// Two small files of the exchange's persistence are shared with the history store and the
// lock checks, and import nothing but Node's own modules: is a pid alive, where is
// better-sqlite3's compiled addon.
const HEAVY = /(^|\/)node_modules\/(undici|ws|ink|react|react-reconciler|yoga-layout)\/|^src\/(ui|algo|alerts|record)\/|^src\/exchange\/(?!persist\/(pidAlive|sqliteAddon)\.ts$)/;

describe('a command loads its own module only', () => {
  it('help, the words and the flags load no command module, no client, no key code', async () => {
    const loaded = await staticClosure('src/command/commandMain.ts');
    expect(loaded.filter((f) => /^src\/command\/\w+Commands?\.ts$/.test(f) && !f.endsWith('schemaCommand.ts'))).toEqual([]);
    expect(loaded.filter((f) => HEAVY.test(f) || /node_modules\/@noble\//.test(f))).toEqual([]);
  }, 30_000);

  it('perpdesk history fills loads no HTTP or WebSocket client, no exchange, no screen', async () => {
    const loaded = await staticClosure('src/command/commandMain.ts', 'src/command/historyCommands.ts');
    expect(loaded.filter((f) => HEAVY.test(f))).toEqual([]);
  }, 30_000);
});
