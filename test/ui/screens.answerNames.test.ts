import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/terminal.js';
import { waitFor } from '../support/waitFor.js';
import { screensForFile } from './support/screens.js';

/**
 * Issue 38: an answer's toast names the things it is about as the panes do (SOL1, the
 * deployer's name), not the exchange's ids (contract 3).
 */
const screens = screensForFile({ contract: 'SOL1' });

describe('answers name things', () => {
  it('margin mode and leverage: the toast names the contract', async () => {
    const t = screens().mount('names');
    await t.vt.waitFor('Book SOL1', 15_000);
    await t.press('M');
    await waitFor(() => t.view.getState().form !== null, 'the margin mode form');
    await t.press(KEYS.enter);
    await waitFor(() => t.view.getState().form?.stage === 'confirm' || t.view.getState().form === null || t.view.getState().form?.stage === 'result', 'the confirm step');
    if (t.view.getState().form?.stage === 'confirm') await t.press(KEYS.enter);
    const screen = await t.vt.waitFor(/margin mode set to/, 15_000);
    expect(screen).toMatch(/margin mode set to isolated on SOL1/);
    expect(screen).not.toMatch(/on contract \d/);
    await t.press(KEYS.escape);
    await waitFor(() => t.view.getState().form === null, 'the answer closed');
    await t.press('L', '3');
    await t.vt.waitFor('Set SOL1 leverage to 3x', 15_000);
    await t.press(KEYS.enter);
    await waitFor(() => t.view.getState().form?.stage === 'confirm' || t.view.getState().form === null, 'the leverage confirm step');
    if (t.view.getState().form?.stage === 'confirm') await t.press(KEYS.enter);
    expect(await t.vt.waitFor(/leverage set to/, 15_000)).toMatch(/leverage set to 3x on SOL1/);
  });
});
