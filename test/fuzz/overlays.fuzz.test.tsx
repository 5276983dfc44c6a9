import { afterAll, describe, expect, it } from 'vitest';
import { clientError } from '../../src/client/errors.js';
import type { Session } from '../../src/client/session.js';
import { SignerSet } from '../../src/client/signers.js';
import { Prng } from '../../src/exchange/engine/prng.js';
import { build, parseAction, type OrderSpec } from '../../src/protocol/wire/index.js';
import type { FormSender } from '../../src/ui/forms/sendCall.js';
import { KEYS } from '../support/terminal.js';
import { renderApp, type RenderedApp } from '../ui/support/renderApp.js';

/**
 * The ink overlays in-process (the whole dashboard over fixture stores, keys through a fake
 * stdin): random key sequences that open forms, menus, the palette, the picker and help,
 * type into fields, move focus, cycle choices, confirm, override guards and go back.
 * The session's exchange client is a recording double that checks every request with the
 * wire's own validation before "sending". The dashboard must never crash and never send
 * an invalid action. Fewer sequences than the model fuzz (forms.fuzz.test.ts): each key
 * here renders the whole dashboard.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 9_119);
const SEQUENCES = 120;

const OPENERS = ['b', 's', 'X', 't', 'F', 'R', 'H', 'L', 'M', 'I', 'C', 'A', 'E', 'O', 'B', 'S', 'J', 'K', 'D', 'm', 'x', 'd', 'c', 'a', ':', '/', '?'];
const MOVES = [KEYS.tab, KEYS.shiftTab, KEYS.up, KEYS.down, KEYS.left, KEYS.right, 'h', 'l', 'j', 'k', ']', '[', 'g', 'G', 'z', 'i'];
const EDITS = [KEYS.enter, KEYS.enter, KEYS.escape, KEYS.backspace, ' ', 'y', 'n', 'o', '\x15'];
const TEXT = [...'0123456789.-e,', '10', '150', '0.5', '-1', '1e400', '99999999999999999999', 'yes', 'no', 'buy 1 @ 149\nsell 2 @ 151', '0x3333333333333333333333333333333333333333', 'ETH', 'zoom', '\u202e', 'é'];

interface Sent {
  method: string;
  action: unknown;
  problem?: string;
}

function recordingSession(sent: Sent[]): Session {
  const check = (method: string, action: unknown) => {
    const parsed = parseAction(action);
    sent.push({ method, action, ...(parsed.ok ? {} : { problem: parsed.error }) });
  };
  const meta = { nonce: 1, signer: { role: 'agent' as const, address: '0x0' } };
  const refused = { ok: false as const, error: clientError('business', 'recorded by the fuzz double, not sent'), outcomeUnknown: false };
  const exchange: FormSender = {
    order: async (specs: OrderSpec[]) => {
      check('order', specs.length >= 1 && specs.length <= 10 ? build.order(specs) : { type: 'order', orders: [] });
      return { ok: true, statuses: specs.map((_, i) => ({ resting: { oid: 500 + i } })), requestId: 'req-1', ...meta, cloids: [] };
    },
    cancel: async (cancels) => {
      check('cancel', build.cancel(cancels));
      return { ok: true, statuses: cancels.map(() => 'success' as const), requestId: 'req-2', ...meta };
    },
    cancelByCloid: async (cancels) => {
      check('cancelByCloid', build.cancelByCloid(cancels));
      return refused;
    },
    modify: async (params) => {
      check('modify', build.modify(params));
      return refused;
    },
    cancelAll: async (contractId) => {
      check('cancelAll', build.cancelAll(contractId));
      return refused;
    },
    send: (async (action: unknown) => {
      check('send', action);
      return refused;
    }) as FormSender['send'],
  };
  const signers = new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' });
  // The rest of the session the keys can reach: chart subscriptions and contract switches.
  const ws = { subscribe: () => {}, unsubscribe: () => {} };
  const switchContract = async () => ({ ok: false as const, error: clientError('network', 'no exchange in this test') });
  return { exchange: Object.assign(exchange, { signers }), ws, switchContract } as unknown as Session;
}

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
