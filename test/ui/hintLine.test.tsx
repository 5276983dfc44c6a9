import { afterEach, describe, expect, it } from 'vitest';
import { applyOverrides } from '../../src/keymap/index.js';
import { OVERFLOW_MS } from '../../src/ui/app/StatusBar.js';
import { view } from '../../src/ui/view/viewStore.js';
import { KEYS } from '../support/terminal.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * The key hint line under the status bar, on the whole dashboard: generated from the keymap
 * in force for what has the keyboard, without writes in monitor mode, and lent to the rest of
 * a message the status bar had to cut.
 */

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function hintRow(a: RenderedApp, rows: number, until: (line: string) => boolean): Promise<string> {
  let line = '';
  await a.vt.waitFor((s) => until((line = s.split('\n')[rows - 2] ?? '')));
  return line;
}

describe('key hint line', () => {
  it('follows the focused pane and the open form, with ? help last', async () => {
    app = renderApp({ cols: 120, rows: 40, view: { focus: 'orders' } });
    const orders = await hintRow(app, 40, (l) => l.includes('x cancel'));
    expect(orders).toMatch(/m modify .*x cancel .*a all\/this .*\/ filter .*y copy .*b buy .*s sell .*p contract .*\? help\s*$/);
    view.focus(app.view, 'book');
    const book = await hintRow(app, 40, (l) => l.includes('B buy here'));
    expect(book).not.toContain('x cancel');
    await app.vt.press('b');
    const form = await hintRow(app, 40, (l) => l.includes('Enter review'));
    expect(form).toMatch(/Enter review .*Esc close .*Tab next field .*Ctrl\+P price from/);
    expect(form).not.toMatch(/b buy|\? help/);
    await app.vt.press(KEYS.escape);
    await hintRow(app, 40, (l) => l.includes('B buy here'));
    view.openOverlay(app.view, { kind: 'help' });
    const help = await hintRow(app, 40, (l) => l.includes('Esc close'));
    expect(help).toContain('/ filter');
    expect(help).not.toContain('b buy');
  });

  it('names the keys the user bound, and offers nothing that signs in monitor mode', async () => {
    const keymap = applyOverrides({ 'order.cancel': ['backspace'] });
    expect(keymap.errors).toEqual([]);
    app = renderApp({ cols: 120, rows: 40, view: { focus: 'orders' }, bindings: keymap.bindings });
    expect(await hintRow(app, 40, (l) => l.includes('cancel'))).toContain('Backspace cancel');
    app.unmount();
    app = renderApp({ cols: 120, rows: 40, view: { focus: 'orders' }, mode: { readOnly: true, signer: 'none' } });
    const ro = await hintRow(app, 40, (l) => l.includes('? help'));
    expect(ro).not.toMatch(/cancel|modify|buy|sell/);
    expect(ro).toContain('a all/this');
  });

  it('fits 80 columns keeping ? help', async () => {
    app = renderApp({ cols: 80, rows: 24, view: { focus: 'orders' } });
    const line = await hintRow(app, 24, (l) => l.includes('? help'));
    expect(line.trimEnd().length).toBeLessThanOrEqual(80);
    expect(line).toContain('x cancel');
  });

  it('shows the rest of a message the status bar cut, then the hints again', async () => {
    app = renderApp({ cols: 80, rows: 24, view: { focus: 'orders' } });
    await hintRow(app, 24, (l) => l.includes('? help'));
    const text = `order 123 rejected: ${'margin is short on this account '.repeat(2)}THE-LAST-WORDS`;
    // Set as if said most of OVERFLOW_MS ago, so the hints come back within the test.
    view.notify(app.view, text, 'error', Date.now() - OVERFLOW_MS + 1_500);
    const rest = await hintRow(app, 24, (l) => l.includes('THE-LAST-WORDS'));
    expect(rest).not.toContain('? help');
    const bar = (await app.vt.screen())[24 - 3] ?? '';
    expect(bar).toContain('order 123 rejected');
    // Every word is on one of the two lines, none cut in half.
    const shown = `${bar.slice(bar.indexOf('order 123')).replace('…', '').trimEnd()} ${rest.trim()}`.replace(/\s+/g, ' ');
    expect(shown).toBe(`✕ ${text}`.replace(/\s+/g, ' ').slice(2));
    await hintRow(app, 24, (l) => l.includes('? help'));
  });
});
