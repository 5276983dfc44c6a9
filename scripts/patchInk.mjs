#!/usr/bin/env node
// Bounds two caches inside ink 6 that grow without end, and has ink use one of them
// instead of measuring text twice a render (run by `postinstall`).
//
// ink keeps module-level caches of text measurements (build/measure-text.js, a Map) and
// of wrapped text (build/wrap-text.js, an object), keyed by the text itself and never
// emptied (upstream issue vadimdemedes/ink#986). A dashboard whose prices, sizes and
// clocks change every second adds new keys all day: the dashboard's memory grew by about
// 8 MB a minute in a busy soak. This script edits the two lines that store into each
// cache so that a full cache is emptied first (ink then measures again, which is cheap).
//
// Every render, ink also measures each text node again with string-width
// (build/render-node-to-output.js), which is slow on anything but ASCII. The yoga layout
// has measured the same text through the cache above just before, so the third edit reads
// the width from there.
//
// ink does not export its Output class, whose frame assembly perpdesk replaces
// (src/ui/render/installFastAssembly.ts); the fifth edit exports it from ink's entry, so the
// class is reached through the same module graph in the bundled build as in the sources.
//
// ink fixes its render throttle when it mounts, from the size the screen opens with; the
// sixth edit has it ask \`options.frameRate()\` (when given) at each render and re-make the
// throttle when the rate changed, so a screen that grows after it opens gets the frame rate
// of its new size (src/ui/render/frameBudget.ts). That throttle is a debounce with a
// longest wait: a render asked for within an interval of the last frame waits a whole
// interval from then. The eleventh edit has ink ask \`options.frameNow()\` (when given) at
// each render and draw the pending frame at once when it says so: after a key.
//
// And ink imports the whole of es-toolkit's compat build (hundreds of modules, ~0.1 s of
// start-up) for one function, throttle; the fourth edit imports that function alone, from
// the same package, when the installed es-toolkit has it.
//
// It only touches files whose content it recognises, never fails the install, and is
// idempotent. `node scripts/patchInk.mjs --check` exits 1 when the patch is not in place.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const MARK = '/* perpdesk: patched by scripts/patchInk.mjs */';
export const LIMIT = 4096;

/** [file, original text, replacement] for each edit. */
export const EDITS = [
  [
    'measure-text.js',
    '    cache.set(text, dimensions);',
    `    ${MARK} if (cache.size >= ${LIMIT}) cache.clear();\n    cache.set(text, dimensions);`,
  ],
  ['wrap-text.js', 'const cache = {};', `${MARK} let cache = {};\nlet cacheSize = 0;`],
  [
    'wrap-text.js',
    '    cache[cacheKey] = wrappedText;',
    `    if (++cacheSize > ${LIMIT}) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;`,
  ],
  ['render-node-to-output.js', "import widestLine from 'widest-line';", `${MARK} import measureText from './measure-text.js';\nimport widestLine from 'widest-line';`],
  ['render-node-to-output.js', '                const currentWidth = widestLine(text);', '                const currentWidth = measureText(text).width;'],
  ['ink.js', "import { throttle } from 'es-toolkit/compat';", `${MARK} import throttle from 'es-toolkit/compat/throttle';`],
  [
    'ink.js',
    `            const throttled = throttle(this.onRender, renderThrottleMs, {
                leading: true,
                trailing: true,
            });
            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                throttled();
            };`,
    `            let throttleMs = renderThrottleMs;
            let throttled = throttle(this.onRender, renderThrottleMs, {
                leading: true,
                trailing: true,
            });
            this.rootNode.onRender = () => {
                this.hasPendingThrottledRender = true;
                const fps = typeof options.frameRate === 'function' ? options.frameRate() : maxFps;
                const ms = fps > 0 ? Math.max(1, Math.ceil(1000 / fps)) : 0;
                if (ms !== throttleMs) {
                    throttled.cancel();
                    throttleMs = ms;
                    throttled = throttle(this.onRender, ms, { leading: true, trailing: true });
                    this.throttledOnRender = throttled;
                }
                throttled();
            };`,
  ],
  // The eleventh edit: a frame asked for by a key is drawn at once. ink's throttle is a
  // debounce with a longest wait, so a render asked for within a frame interval of the last
  // frame waits a whole interval from then; when \`options.frameNow()\` (given) says input
  // has arrived since (src/ui/render/frameBudget.ts, \`inputFrames\`), the pending frame is
  // drawn now. It wraps the render the sixth edit makes, whose text it leaves as it is.
  [
    'ink.js',
    '        this.rootNode.onImmediateRender = this.onRender;',
    `        if (this.throttledOnRender && typeof options.frameNow === 'function') {
            const perpdeskOnRender = this.rootNode.onRender;
            this.rootNode.onRender = () => {
                perpdeskOnRender();
                if (options.frameNow()) this.throttledOnRender.flush();
            };
        }
        this.rootNode.onImmediateRender = this.onRender;`,
  ],
  // The seventh edit: ink's DOM notes which nodes changed since they were last drawn, and
  // a box marked as a region (src/ui/render/regionCache.ts) that did not change is drawn
  // from the cells it drew last time instead of walking its subtree again.
  [
    'dom.js',
    'export const appendChildNode = (node, childNode) => {',
    `${MARK} export const markRenderDirty = (node) => {\n    for (let n = node; n !== undefined; n = n.parentNode) n.perpdeskDirty = true;\n};\nexport const appendChildNode = (node, childNode) => {\n    markRenderDirty(node);`,
  ],
  ['dom.js', 'export const insertBeforeNode = (node, newChildNode, beforeChildNode) => {', 'export const insertBeforeNode = (node, newChildNode, beforeChildNode) => {\n    markRenderDirty(node);'],
  ['dom.js', 'export const removeChildNode = (node, removeNode) => {', 'export const removeChildNode = (node, removeNode) => {\n    markRenderDirty(node);'],
  ['dom.js', 'export const setAttribute = (node, key, value) => {', 'export const setAttribute = (node, key, value) => {\n    markRenderDirty(node);'],
  ['dom.js', 'export const setStyle = (node, style) => {', 'export const setStyle = (node, style) => {\n    markRenderDirty(node);'],
  ['dom.js', 'export const setTextNodeValue = (node, text) => {', 'export const setTextNodeValue = (node, text) => {\n    markRenderDirty(node);'],
  [
    'reconciler.js',
    "import { createTextNode, appendChildNode, insertBeforeNode, removeChildNode, setStyle, setTextNodeValue, createNode, setAttribute, } from './dom.js';",
    `${MARK} import { createTextNode, appendChildNode, insertBeforeNode, removeChildNode, setStyle, setTextNodeValue, createNode, setAttribute, markRenderDirty, } from './dom.js';`,
  ],
  ['reconciler.js', '        if (!props && !style) {\n            return;\n        }\n', '        if (!props && !style) {\n            return;\n        }\n        markRenderDirty(node);\n'],
  ['reconciler.js', '        node.yogaNode?.setDisplay(Yoga.DISPLAY_NONE);', '        markRenderDirty(node);\n        node.yogaNode?.setDisplay(Yoga.DISPLAY_NONE);'],
  ['reconciler.js', '        node.yogaNode?.setDisplay(Yoga.DISPLAY_FLEX);', '        markRenderDirty(node);\n        node.yogaNode?.setDisplay(Yoga.DISPLAY_FLEX);'],
  ['render-node-to-output.js', 'const renderNodeToOutput = (node, output, options) => {', 'const renderNodeToOutputInner = (node, output, options) => {'],
  [
    'render-node-to-output.js',
    'export default renderNodeToOutput;',
    `const renderNodeToOutput = (node, output, options) => {
    const dirty = node.perpdeskDirty !== false;
    node.perpdeskDirty = false;
    if (typeof output.perpdeskRegion === 'function' && node.style.perpdeskRegion === true && node.yogaNode && !(options.skipStaticElements && node.internal_static) && node.yogaNode.getDisplay() !== Yoga.DISPLAY_NONE) {
        output.perpdeskRegion(node, options.offsetX ?? 0, options.offsetY ?? 0, dirty, () => renderNodeToOutputInner(node, output, options));
        return;
    }
    renderNodeToOutputInner(node, output, options);
};
export default renderNodeToOutput;`,
  ],
  // The eighth edit: an Output knows the root it draws and the root the stdout it is
  // drawn for, so the frame assembly can hand a DiffingStdout the frame's cells
  // (`perpdeskFrame`) instead of a string it would parse back into the same cells.
  ['renderer.js', '        renderNodeToOutput(node, output, {\n            skipStaticElements: true,\n        });', `        ${MARK} output.perpdeskRoot = node;\n        renderNodeToOutput(node, output, {\n            skipStaticElements: true,\n        });`],
  ['ink.js', "        this.rootNode = dom.createNode('ink-root');", "        this.rootNode = dom.createNode('ink-root');\n        this.rootNode.perpdeskStdout = options.stdout;"],
  ['index.js', "export { default as measureElement } from './measure-element.js';", `${MARK} export { default as PerpdeskOutput } from './output.js';\nexport { default as measureElement } from './measure-element.js';`],
  // The ninth edit: ink sanitises every text it squashes (build/sanitize-ansi.js), down each
  // level of nested <Text>, by tokenizing it, although what it squashes is mostly chalk's
  // own output: plain text and SGR sequences, which the sanitising keeps whole. A text whose
  // every ESC opens such an SGR and that holds no C1 control comes out unchanged, so it is
  // returned as it is, without the tokens (a calm dashboard allocated a tenth of its memory
  // tokenizing). Anything else is tokenized and cleaned as before.
  [
    'sanitize-ansi.js',
    'const sanitizeAnsi = (text) => {\n    if (!hasAnsiControlCharacters(text)) {',
    `${MARK} const perpdeskUnsafe = /\\u001B(?!\\[[\\d:;]*m)|[\\u0080-\\u009F]/;\nconst sanitizeAnsi = (text) => {\n    if (!perpdeskUnsafe.test(text)) {`,
  ],
  // The tenth edit: ink colours a text by asking chalk for a new styler at each render
  // (\`chalk.hex(color)\` builds one, and converts the colour again, every call): a third of
  // what a calm dashboard allocated. The stylers are kept per colour, side and chalk level.
  [
    'colorize.js',
    "import chalk from 'chalk';",
    `${MARK} import chalk from 'chalk';\nconst perpdeskStylers = new Map();\nconst perpdeskStyler = (color, type) => {\n    const key = (type === 'foreground' ? 'f' : 'b') + chalk.level + color;\n    let styler = perpdeskStylers.get(key);\n    if (styler === undefined) {\n        if (perpdeskStylers.size >= ${256}) perpdeskStylers.clear();\n        styler = type === 'foreground' ? chalk.hex(color) : chalk.bgHex(color);\n        perpdeskStylers.set(key, styler);\n    }\n    return styler;\n};`,
  ],
  [
    'colorize.js',
    `        return type === 'foreground'
            ? chalk.hex(color)(str)
            : chalk.bgHex(color)(str);`,
    '        return perpdeskStyler(color, type)(str);',
  ],
];

/** Modules an edited file imports that ink does not already: the edit waits until they resolve. */
const NEEDS = { 'ink.js': 'es-toolkit/compat/throttle' };

/**
 * Applies the edits for one file to its source. 'patched' (edited), 'already' (every edit
 * is there), or 'unknown' (an expected line is missing: another ink version).
 */
export function patchSource(file, source) {
  let out = source;
  let changed = false;
  for (const [name, from, to] of EDITS) {
    if (name !== file) continue;
    // Each edit on its own, so an install patched by an earlier version of this script gets
    // the edits added since (the mark alone would say "already").
    if (out.includes(to)) continue;
    if (out.split(from).length !== 2) return { status: 'unknown', source };
    out = out.replace(from, to);
    changed = true;
  }
  return changed ? { status: 'patched', source: out } : { status: 'already', source };
}

function inkBuildDir() {
  return fileURLToPath(new URL('.', import.meta.resolve('ink')));
}

function resolves(require, specifier) {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

export function patchInk({ check = false, dir = inkBuildDir() } = {}) {
  const results = [];
  const require = createRequire(`${dir}/index.js`);
  for (const file of new Set(EDITS.map(([f]) => f))) {
    const path = `${dir}/${file}`;
    const source = readFileSync(path, 'utf8');
    const r = patchSource(file, source);
    if (r.status === 'patched' && NEEDS[file] && !resolves(require, NEEDS[file])) {
      results.push({ file, status: 'unknown' });
      continue;
    }
    if (r.status === 'patched' && !check) writeFileSync(path, r.source);
    results.push({ file, status: r.status });
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  try {
    const results = patchInk({ check });
    const unknown = results.filter((r) => r.status === 'unknown');
    for (const r of unknown) process.stderr.write(`perpdesk: ink's ${r.file} is not the version this patch knows; its cache stays unbounded\n`);
    if (check) {
      const missing = results.filter((r) => r.status !== 'already');
      for (const r of missing) process.stderr.write(`perpdesk: ink's ${r.file} is not patched${r.status === 'unknown' ? ' (unknown version)' : ''}\n`);
      process.exitCode = missing.length > 0 ? 1 : 0;
    }
  } catch (e) {
    // An install must not fail over a memory fix; say why it was skipped.
    process.stderr.write(`perpdesk: could not bound ink's caches: ${e instanceof Error ? e.message : String(e)}\n`);
    if (check) process.exitCode = 1;
  }
}
