import { describe, expect, it } from 'vitest';
import { DEFAULT_BINDINGS } from './bindings.js';
import { helpSections, keyLabel, renderKeymapMarkdown } from './help.js';

describe('help', () => {
  it('labels keys for people', () => {
    expect(keyLabel('shift+tab')).toBe('Shift+Tab');
    expect(keyLabel('ctrl+c')).toBe('Ctrl+C');
    expect(keyLabel('up')).toBe('↑');
    expect(keyLabel('B')).toBe('B');
  });
  it('groups every binding by context, global first', () => {
    const sections = helpSections();
    expect(sections[0]?.title).toBe('Global');
    const listed = sections.flatMap((s) => s.entries.map((e) => e.id));
    expect(new Set(listed)).toEqual(new Set(DEFAULT_BINDINGS.map((b) => b.id)));
    const orders = sections.find((s) => s.context === 'orders');
    expect(orders?.entries.find((e) => e.id === 'order.cancel')?.keys).toBe('x / d');
  });
  it('can show only the live contexts', () => {
    const sections = helpSections(DEFAULT_BINDINGS, { contexts: ['book', 'global'] });
    expect(sections.map((s) => s.context)).toEqual(['global', 'book']);
  });
});

describe('README keymap table', () => {
  it('has one row per binding and escapes pipes', () => {
    const md = renderKeymapMarkdown();
    const rows = md.trim().split('\n');
    expect(rows).toHaveLength(DEFAULT_BINDINGS.length + 2);
    expect(md).toContain('| Global | `q` | `quit` | Quit |');
    expect(md).toContain('`Shift+Tab`');
  });
});
