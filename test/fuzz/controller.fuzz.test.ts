import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Prng } from '../../src/exchange/engine/prng.js';
import { DEFAULT_BINDINGS, Keymap, type CommandId } from '../../src/keymap/index.js';
import type { AppContextValue } from '../../src/ui/context/AppContext.js';
import { computeLayout } from '../../src/ui/app/layout.js';
import { runCommand } from '../../src/ui/commands/registry.js';
import type { CommandContext } from '../../src/ui/commands/types.js';
import { formInputOf } from '../../src/ui/forms/useFormInput.js';
import { handleInput } from '../../src/ui/input/useKeyboard.js';
import { fullStore } from '../ui/support/paneFixtures.js';
import { listThemes } from '../../src/ui/theme/loadTheme.js';
import { createViewStore } from '../../src/ui/view/viewStore.js';
import { KEYS } from '../support/terminal.js';
import { inkKey } from './support/inkKey.js';
import { EDITS, MOVES, OPENERS, TEXT } from './support/overlayKeys.js';
import { recordingSession, type Sent } from './support/recordingSession.js';

/**
 * 500 random key sequences per opener (FUZZ_SEQUENCES for more) into every form and overlay, each sequence started by the key
 * that opens it (`OPENERS`), through the dashboard's own key handling: ink's key decoding,
 * the keymap and its contexts, the command table, the form controller and the send path,
 * down to a recording exchange client that validates every request with the wire's schemas.
 * Nothing is drawn (overlays.fuzz.test.tsx draws, with fewer sequences). Every sequence
 * ends by closing what is open. No key may throw, and no invalid request may leave.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 4_242);
// Sized to the ten-minute budget of `npm test` on two cores; a longer hunt sets FUZZ_SEQUENCES.
const SEQUENCES = Number(process.env['FUZZ_SEQUENCES'] ?? 500);

const stateDir = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-fuzz-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

function dashboard(sent: Sent[]) {
  const app: AppContextValue = {
    store: fullStore(),
    view: createViewStore(),
    session: recordingSession(sent),
    mode: { readOnly: false, embedded: true, signer: 'agent', address: '0x1111111111111111111111111111111111111111' },
    staleAfterMs: {},
    stateDir,
  };
  const keymap = new Keymap(DEFAULT_BINDINGS);
  const themeNames = listThemes();
  let quits = 0;
  const ctx: CommandContext = {
    app,
    layout: computeLayout(120, 40),
    bindings: DEFAULT_BINDINGS,
    themeNames,
    quit: () => (quits += 1),
    run: (id: CommandId) => runCommand(id, ctx),
    now: Date.now,
  };
  const formInput = formInputOf(app);
  const press = (data: string) => {
    const { input, key } = inkKey(data);
    handleInput(input, key, { keymap, view: app.view, run: ctx.run, screen: () => ({ tooSmall: false, formInput }) });
  };
  return { app, press, quits: () => quits };
}

const FOCUS = [KEYS.tab, KEYS.shiftTab, 'h', 'l', ']'];

const settle = () => new Promise((r) => setImmediate(r));

describe('random keys into every form and overlay, through the key handling', () => {
  for (const opener of OPENERS) {
    it(`after ${JSON.stringify(opener)}: ${SEQUENCES.toLocaleString('en-US')} sequences, no throw, no invalid request (seed ${SEED})`, async () => {
      const sent: Sent[] = [];
      const d = dashboard(sent);
      const rng = new Prng(SEED ^ (opener.charCodeAt(0) << 8));
      let opened = 0;
      let requests = 0;
      try {
        for (let n = 0; n < SEQUENCES; n++) {
          // A few focus moves first: x, d, c, a and others act on the focused pane.
          const keys: string[] = [];
          for (let k = rng.int(4); k > 0; k--) keys.push(rng.pick(FOCUS));
          keys.push(opener);
          const length = 2 + rng.int(16);
          for (let k = 0; k < length; k++) {
            const r = rng.next();
            keys.push(r < 0.05 ? rng.pick(OPENERS) : r < 0.3 ? rng.pick(MOVES) : r < 0.6 ? rng.pick(EDITS) : rng.pick(TEXT));
          }
          for (const [i, key] of keys.entries()) {
            try {
              d.press(key);
            } catch (e) {
              throw new Error(`key ${i} of ${JSON.stringify(keys)} threw: ${e instanceof Error ? e.stack : String(e)}`);
            }
            if (key === opener && d.app.view.getState().overlays.length > 0) opened++;
          }
          // A send resolves on later turns; then whatever is open is closed again.
          if (n % 16 === 0 || sent.length > 0) await settle();
          for (let i = 0; i < 8 && d.app.view.getState().overlays.length > 0; i++) d.press(KEYS.escape);
          const bad = sent.filter((s) => s.problem);
          expect(bad, `invalid request after keys ${JSON.stringify(keys)}`).toEqual([]);
          requests += sent.length;
          sent.length = 0;
        }
      } finally {
        // The form handler belongs to this dashboard's context: nothing to unregister.
      }
      // The opener really opened something (not every time: some need a focused pane or a
      // selected row). `a` toggles the orders pane's scope and opens nothing.
      if (opener !== 'a') expect(opened).toBeGreaterThan(0);
      // The order forms really send (valid) requests through the whole path.
      if (opener === 'b' || opener === 's' || opener === 'O') expect(requests).toBeGreaterThan(0);
    }, 300_000);
  }
});
