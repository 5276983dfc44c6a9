import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { waitFor } from '../support/waitFor.js';
import { screensForFile } from './support/screens.js';

/**
 * Issue 38: after `:` journal.export the status bar names the files, and the keys go on
 * working: nothing opens that holds Tab, `/` or letters until Esc.
 */
const screens = screensForFile({ contract: 'SOL1' });

describe('journal.export on a screen', () => {
  it('says where the files went and keeps the keyboard', async () => {
    const t = screens().mount('export');
    await t.vt.waitFor('Book SOL1', 15_000);
    await t.press(':', ...'journal.export', KEYS.enter);
    await t.vt.waitFor('✓ exported', 15_000);
    expect(t.view.getState().overlays).toEqual([]);
    const before = t.view.getState().focus;
    await t.press(KEYS.tab);
    await waitFor(() => t.view.getState().focus !== before, 'Tab moves the focus');
    // The whole text stays in `:` notices.
    expect(t.view.getState().notices.at(-1)?.text).toMatch(/^exported .*: \d+ journal entr(y|ies), \d+ fills?, \d+ order updates?$/);
  });
});
