#!/usr/bin/env node
// Builds dist/: src/cli.ts and everything it imports, dependencies included, bundled by
// esbuild into dist/cli.js and a few chunks (the lazily imported parts: commands, the
// exchange, the dashboard). Run by `npm run build` and by `npm install` (prepare).
//
// Why a bundle: a dashboard start loaded some 535 modules through Node's ESM loader, about
// half of its time to the first frame (docs/performance.md, start-up). Types are checked by
// `npm run typecheck` (tsc), not here.
//
// Left outside the bundle: secp256k1 (optional native addon, loaded with require at run time
// when present), ws's optional native helpers, and ink's devtools (development only).
// Every `string-width` import that resolves to the project's copy gets src/format/columnWidth.ts
// instead: the same answers, without string-width's cold start (see that file). yoga-layout's
// WebAssembly is decoded without fetch (see yogaWithoutFetchPlugin).
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { patchInk } from './patchInk.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist');
const COLUMN_WIDTH = path.join(ROOT, 'src', 'format', 'columnWidth.ts');

/** One measure for every caller of the project's string-width. */
const columnWidthPlugin = {
  name: 'perpdesk-column-width',
  setup(b) {
    let ours;
    b.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === 'default' || args.importer === COLUMN_WIDTH) return undefined;
      const resolved = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer, pluginData: 'default' });
      ours ??= (await b.resolve('string-width', { resolveDir: ROOT, kind: 'import-statement', pluginData: 'default' })).path;
      // Another major version nested under a dependency keeps its own answers.
      return resolved.path === ours ? { path: COLUMN_WIDTH } : resolved;
    });
  },
};

/**
 * yoga-layout (ink's layout engine) ships its WebAssembly as a base64 data: URL and, when a
 * global fetch exists, reads it with fetch: on Node that first call loads Node's whole
 * internal fetch implementation, about 0.1 s of a dashboard's start, to decode 90 KB.
 * Without fetch the same loader decodes the string itself and instantiates the same bytes.
 */
const YOGA_FETCH = '"function"!=typeof fetch';
const yogaWithoutFetchPlugin = {
  name: 'perpdesk-yoga-without-fetch',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const uses = source.split(YOGA_FETCH).length - 1;
      if (uses === 0) return { contents: source, loader: 'js', warnings: [{ text: 'yoga-layout no longer tests for fetch as this build expects: its WebAssembly is read with fetch' }] };
      return { contents: source.replaceAll(YOGA_FETCH, 'true'), loader: 'js' };
    });
  },
};

/**
 * The bundle carries other packages' code, so it carries their licence texts too: one file
 * naming every bundled package with its version, licence and licence file.
 */
function thirdPartyNotices(metafile) {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) dirs.add(m[1]);
  }
  const sections = [...dirs].map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(path.join(ROOT, dir)).find((f) => /^(licen[cs]e|copying)/i.test(f));
    const text = licenceFile ? readFileSync(path.join(ROOT, dir, licenceFile), 'utf8').trim() : `(no licence file in the package; package.json says ${pkg.license ?? 'nothing'})`;
    return { key: `${pkg.name}@${pkg.version}`, body: `## ${pkg.name} ${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text}\n` };
  });
  sections.sort((a, b) => a.key.localeCompare(b.key));
  const unique = sections.filter((s, i) => i === 0 || s.key !== sections[i - 1].key);
  return `# Third-party code in dist/\n\nperpdesk's build bundles these packages; their licences follow.\n\n${unique.map((s) => s.body).join('\n')}`;
}

export async function buildDist({ outDir = OUT } = {}) {
  // ink's frame assembly is replaced through the Output class the patch exports. A bundle of
  // an ink the patch does not know still works, with ink's own (slower) assembly; like the
  // patch, the build says so rather than fail an install.
  const unpatched = patchInk({ check: true }).filter((r) => r.status !== 'already');
  if (unpatched.length > 0) process.stderr.write(`perpdesk build: ink is not patched (${unpatched.map((r) => r.file).join(', ')}); the dashboard will draw with ink's own frame assembly\n`);
  const staging = `${outDir}.building`;
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    entryPoints: { cli: path.join(ROOT, 'src', 'cli.ts') },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'linked',
    logLevel: 'warning',
    external: ['secp256k1', 'secp256k1/*', 'better-sqlite3', 'ssh2', 'bufferutil', 'utf-8-validate', 'react-devtools-core'],
    // CommonJS dependencies call require() for Node's own modules; ESM has no require.
    banner: { js: "import { createRequire as __perpdeskRequire } from 'node:module'; const require = __perpdeskRequire(import.meta.url);" },
    define: { 'process.env.NODE_ENV': '"production"' },
    // Less to parse at every start (~70 ms on these machines); names are kept for stack traces,
    // and the linked source maps lead back to src/ (node --enable-source-maps).
    minifyWhitespace: true,
    minifySyntax: true,
    plugins: [columnWidthPlugin, yogaWithoutFetchPlugin],
    metafile: true,
  });
  writeFileSync(path.join(staging, 'THIRD-PARTY-LICENSES.md'), thirdPartyNotices(result.metafile));
  // Swapped in whole, so a running perpdesk never sees half a build.
  const old = `${outDir}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildDist().catch((e) => {
    process.stderr.write(`perpdesk build: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
