import { afterAll, describe, expect, it } from 'vitest';
import { Prng } from '../../src/exchange/engine/prng.js';
import { KEYS } from '../support/terminal.js';
import { EDITS, MOVES, OPENERS, TEXT } from './support/overlayKeys.js';
import { recordingSession, type Sent } from './support/recordingSession.js';
import { renderApp, type RenderedApp } from '../ui/support/renderApp.js';

/**
 * The ink overlays in-process (the whole dashboard over fixture stores, keys through a fake
 * stdin): random key sequences that open forms, menus, the palette, the picker and help,
 * type into fields, move focus, cycle choices, confirm, override guards and go back.
 * The session's exchange client is a recording double that checks every request with the
 * wire's own validation before "sending". The dashboard must never crash and never send
 * an invalid action. Fewer sequences than controller.fuzz.test.ts, which sends 10,000 per
 * form and overlay through the same key handling without drawing: each key here renders the
 * whole dashboard.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 9_119);
// 40 in npm test (each key renders the whole dashboard); PERPDESK_FUZZ_RUNS for more.
const SEQUENCES = Number(process.env['PERPDESK_FUZZ_RUNS'] ?? 40);


let app: RenderedApp | undefined;
afterAll(() => app?.unmount());

describe('random keys into the ink overlays', () => {
  it(`${SEQUENCES} sequences: no crash, no invalid request sent (seed ${SEED})`, async () => {
    const sent: Sent[] = [];
    app = renderApp({ cols: 120, rows: 40, session: recordingSession(sent) });
    let crashed: unknown;
    app.instance.waitUntilExit().catch((e: unknown) => (crashed = e));
    await app.vt.waitFor('Book SOL1');
    const rng = new Prng(SEED);
    const stdin = app.vt.stdin as unknown as { send(data: string): void };
    const tick = () => new Promise((r) => setTimeout(r, 0));
    let overlaysSeen = 0;
    for (let n = 0; n < SEQUENCES; n++) {
      const keys: string[] = [rng.pick(OPENERS)];
      const length = 4 + rng.int(20);
      for (let k = 0; k < length; k++) {
        const r = rng.next();
        keys.push(r < 0.15 ? rng.pick(OPENERS) : r < 0.35 ? rng.pick(MOVES) : r < 0.6 ? rng.pick(EDITS) : rng.pick(TEXT));
      }
      for (const key of keys) {
        stdin.send(key);
        await tick();
      }
      // Sends resolve on the next turns; then every overlay is closed again.
      await new Promise((r) => setTimeout(r, 5));
      if (app.view.getState().overlays.length > 0) overlaysSeen++;
      for (let i = 0; i < 6 && app.view.getState().overlays.length > 0; i++) {
        stdin.send(KEYS.escape);
        await tick();
      }
      expect(crashed, `the dashboard stopped after keys ${JSON.stringify(keys)}: ${String(crashed)}`).toBeUndefined();
      const bad = sent.filter((s) => s.problem);
      expect(bad, `invalid request after keys ${JSON.stringify(keys)}`).toEqual([]);
    }
    // Still drawing the dashboard (whatever pane is zoomed), and the walk really went through overlays and sends.
    await app.vt.waitFor((s) => / mark /.test(s.split('\n')[0] ?? '') && /[╭┏]/.test(s));
    expect(overlaysSeen).toBeGreaterThan(SEQUENCES / 4);
    expect(sent.length).toBeGreaterThan(0);
    console.info(`overlay fuzz (seed ${SEED}): ${sent.length} requests recorded (${[...new Set(sent.map((s) => s.method))].join(', ')}), all valid`);
  }, 120_000);
});
