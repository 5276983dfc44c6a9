import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/waitFor.js';
import { build } from '../../src/protocol/wire/index.js';
import { createSession, type Session } from '../../src/session/index.js';
import type { AppState } from '../../src/state/types.js';
import { formKey } from '../../src/ui/forms/formActions.js';
import { PANES } from '../../src/ui/panes/paneDefs.js';
import { renderPane, tick } from './support/renderPane.js';
import { exchangeData, startTestExchange, type Registered, type TestExchange } from '../support/exchangeHarness.js';
import { setup } from './support/formHarness.js';

/**
 * The confirm step's blockers and the account pane against the embedded exchange: a real
 * session (loopback HTTP and WebSocket, the master key signing) drives the form controller.
 * An order the exchange is known to refuse is not signed on Enter (no request, no journal
 * entry); the override sends it and the exchange refuses it for the reason the blocker gave.
 */
let ex: TestExchange;
let alice: Registered;
let session: Session;
/** Order requests that reached the client's signing path. */
let orderCalls = 0;

/** Waits on the session's store. */
const until = (ok: (s: AppState) => boolean, what: string, deadlineMs?: number) => waitFor(() => ok(session.store.getState()), what, deadlineMs);

beforeAll(async () => {
  ex = await startTestExchange();
  alice = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), alice.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '5000000000'), alice.key));
  session = createSession({ url: ex.url }, { master: alice.key }, { contractName: 'ETH1', flushMs: 20, poll: { accountMs: 100, agentsMs: 500, marketStateMs: 100 } });
  expect((await session.ready).ok).toBe(true);
  const submit = session.exchange.submit.bind(session.exchange);
  session.exchange.submit = ((action, opts) => {
    if (action.type === 'order') orderCalls++;
    return submit(action, opts);
  }) as typeof submit;
  await until((s) => s.account.raw !== null && s.market.marketStates[3] !== undefined && !s.session.staleness.book, 'the account, the ETH1 mark and a live book');
});

afterAll(async () => {
  await session?.close();
  await ex?.close();
});

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

/** The form's text as one line: the harness wraps at 80 columns. */
const flat = (t: ReturnType<typeof setup>) => t.screen().split('\n').map((l) => l.trim()).join(' ');

/**
 * Enter on an armed confirm step. Should the book's subscription not be live at that moment
 * (a resubscribe on a loaded machine), the form asks once more, and Enter answers it.
 */
function sendArmed(t: ReturnType<typeof setup>): void {
  t.run('form.submit');
  if (t.form()?.stage === 'confirm' && t.form()?.confirm?.staleAck) t.run('form.submit');
}

/** Waits for the exchange's answer on the form (generous: the suite may share the machine). */
async function answered(t: ReturnType<typeof setup>): Promise<string> {
  const end = Date.now() + 20_000;
  while (t.form()?.stage !== 'result') {
    if (Date.now() > end) throw new Error(`no answer on the form:\n${t.screen()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return flat(t);
}

/** Waits for a send every item of which succeeded: the form closes by itself, the answer is a toast. */
async function toasted(t: ReturnType<typeof setup>): Promise<string> {
  const end = Date.now() + 20_000;
  while (t.form() !== null) {
    if (Date.now() > end) throw new Error(`the form stayed open:\n${t.screen()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return t.viewStore.getState().toast?.text ?? '';
}

describe('blockers against the exchange', () => {
  it('ETH1 on deployer 2, not enrolled: the account pane shows that pool, Enter signs nothing, the override gets the refusal named', async () => {
    // The account pane leads with the pool ETH1 draws on: deployer 2, nothing available.
    const pane = renderPane(PANES.account, session.store, { width: 26, height: 16, focused: false });
    await tick();
    const lines = pane.lines().map(plain);
    pane.unmount();
    expect(lines.slice(1, 4).map((l) => l.slice(1, -1))).toEqual(['ETH1 → MD2 alt      USDC', '  available         0.00', '  not enrolled: press E ']);
    expect(lines.join('\n')).toMatch(/MD1 perpdesk[\s\S]*available +5,000\.00/);

    const t = setup({ session });
    t.run('order.buy');
    t.type('3000');
    t.run('form.submit');
    expect(t.form()?.stage).toBe('confirm');
    expect(flat(t)).toContain('• not enrolled in deployer 2: press E to enroll');
    t.run('form.submit');
    await t.settle();
    expect(flat(t)).toContain('not sent: the exchange is expected to refuse it');
    expect(orderCalls).toBe(0);
    // Longer than the journal's flush: nothing was signed, so nothing lands there.
    await new Promise((r) => setTimeout(r, 150));
    expect(session.store.getState().journal.entries).toEqual([]);

    // The client's copy may be stale: o arms the send, and the exchange has the last word.
    t.run('form.override');
    sendArmed(t);
    const s = await answered(t);
    expect(orderCalls).toBe(1);
    expect(s).toContain('not enrolled in market deployer');
    await until((s) => s.journal.entries.some((e) => e.outcome !== 'sent'), 'the journal entry of the answer');
    expect(session.store.getState().journal.entries.map((e) => [e.action, e.outcome])).toEqual([['order', 'rejected']]);
  });

  it('E on the confirm step enrolls in deployer 2; then the empty pool is the blocker', async () => {
    const t = setup({ session });
    t.run('order.buy');
    t.type('3000');
    t.run('form.submit');
    formKey(t.app, 'E');
    expect(t.form()?.formId).toBe('enroll');
    expect(flat(t)).toContain('Enroll in alt (2)');
    t.run('form.submit', 'form.submit');
    expect(await toasted(t)).toContain('enrolled in alt (2)');
    await until((s) => s.account.pools.some((p) => p.marketDeployerId === 2), 'deployer 2 in userAccount');

    const before = orderCalls;
    t.run('order.buy');
    t.type('3000');
    t.run('form.submit');
    expect(flat(t)).toContain('Margin: 3.00 USDC required at 10x; 0.00 USDC available in deployer 2');
    expect(flat(t)).toContain('• margin required 3.00 USDC is above the 0.00 USDC available in deployer 2: press C to move collateral into deployer 2, or lower the size or raise the leverage');
    t.run('form.submit');
    await t.settle();
    expect(orderCalls).toBe(before);
    t.run('form.override');
    sendArmed(t);
    expect(await answered(t)).toContain('insufficient margin');
  });
});
