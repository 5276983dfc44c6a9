import { DEFAULT_BINDINGS, type Binding, type CommandId } from './bindings.js';
import { CONTEXT_TITLES, type Context } from './contexts.js';

/** Order of sections in help and README: what a user reaches for first comes first. */
const SECTION_ORDER: readonly Context[] = [
  'global',
  'list',
  'book',
  'orders',
  'positions',
  'agents',
  'journal',
  'algos',
  'accounts',
  'history',
  'funding',
  'pnl',
  'alerts',
  'trades',
  'chart',
  'heatmap',
  'fills',
  'account',
  'shareGroups',
  'replay',
  'always',
  'form',
  'confirm',
  'picker',
  'palette',
  'menu',
  'help',
  'filter',
];

const LABELS: Record<string, string> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  enter: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  backspace: 'Backspace',
  space: 'Space',
};

/** How a key name reads on screen: 'shift+tab' -> 'Shift+Tab', 'ctrl+c' -> 'Ctrl+C'. */
export function keyLabel(key: string): string {
  const m = /^(ctrl|meta|shift)\+(.+)$/.exec(key);
  if (m) {
    const mod = m[1] === 'ctrl' ? 'Ctrl' : m[1] === 'meta' ? 'Alt' : 'Shift';
    const rest = m[2] ?? '';
    return `${mod}+${LABELS[rest] ?? (rest.length === 1 ? rest.toUpperCase() : rest)}`;
  }
  return LABELS[key] ?? key;
}

/** All keys of a binding for display: "x / d"; empty when only the palette reaches it. */
export function keysLabel(keys: readonly string[]): string {
  return keys.map(keyLabel).join(' / ');
}

export interface HelpEntry {
  id: CommandId;
  keys: string;
  description: string;
}

export interface HelpSection {
  context: Context;
  title: string;
  entries: HelpEntry[];
}

/**
 * Help overlay content, grouped by context. Pass the live contexts to show only what
 * works right now; by default every context is listed.
 */
export function helpSections(
  bindings: readonly Binding[] = DEFAULT_BINDINGS,
  opts: { contexts?: readonly Context[]; includeUnbound?: boolean } = {},
): HelpSection[] {
  const wanted = opts.contexts ? new Set(opts.contexts) : undefined;
  const sections: HelpSection[] = [];
  for (const context of SECTION_ORDER) {
    if (wanted && !wanted.has(context)) continue;
    const entries = bindings
      .filter((b) => b.context === context && (b.keys.length > 0 || opts.includeUnbound !== false))
      .map((b) => ({ id: b.id, keys: b.keys.length > 0 ? keysLabel(b.keys) : ': palette', description: b.description }));
    if (entries.length > 0) sections.push({ context, title: CONTEXT_TITLES[context], entries });
  }
  return sections;
}

function mdCode(text: string): string {
  const body = text.replace(/\|/g, '\\|');
  return body.includes('`') ? `\`\` ${body} \`\`` : `\`${body}\``;
}

/** README's keymap table, generated from the bindings (see scripts/printReadmeTables.ts). */
export function renderKeymapMarkdown(bindings: readonly Binding[] = DEFAULT_BINDINGS): string {
  const lines = ['| Where | Keys | Command | What it does |', '|---|---|---|---|'];
  for (const section of helpSections(bindings)) {
    for (const e of section.entries) {
      const b = bindings.find((x) => x.id === e.id);
      const keys = b && b.keys.length > 0 ? b.keys.map((k) => mdCode(keyLabel(k))).join(' ') : '`:` palette';
      lines.push(`| ${section.title} | ${keys} | \`${e.id}\` | ${e.description.replace(/\|/g, '\\|')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
