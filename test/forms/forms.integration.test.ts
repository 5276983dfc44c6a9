import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderOptionsFor, sendCall } from '../../src/session/sendCall.js';
import { ExchangeClient } from '../../src/client/exchangeClient.js';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import { SignerSet } from '../../src/client/signers.js';
import {
  cloidSlots,
  collateralCoin,
  evaluateForm,
  FORMS,
  initialTexts,
  renderModifyResult,
  type FormContext,
  type FormSpec,
  type ResultView,
} from '../../src/forms/index.js';
import { addressOf, type Hex } from '../../src/protocol/index.js';
import type { Action, Configs } from '../../src/protocol/wire/index.js';
import { newKey, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

/**
 * Forms against the embedded exchange over loopback: what a form builds is what the exchange
 * accepts, the balances a collateral form predicts are the balances the exchange then
 * reports, and its answers render in its own words.
 */
let ex: TestExchange;
let http: HttpTransport;
let info: InfoClient;
let configs: Configs;

beforeAll(async () => {
  ex = await startTestExchange();
  http = new HttpTransport({ baseUrl: ex.url, requestTimeoutMs: 5_000 });
  info = new InfoClient(http);
  const c = await info.configs();
  if (!c.ok) throw new Error(c.error.message);
  configs = c.value;
});
afterAll(async () => {
  await http.close();
  await ex.close();
});

/** Every face's path from a built form to the client (src/session/sendCall.ts). */
async function send(client: ExchangeClient, action: Action): Promise<ResultView> {
  return (await sendCall(client, action, renderOptionsFor(configs, action))).view;
}

let lastCloid = Date.now();

async function contextFor(address: string, key: Hex): Promise<FormContext> {
  const acct = await info.userAccount(address);
  const agents = await info.userAgents(acct.ok ? String(acct.value.accountId) : '0');
  return {
    now: Date.now(),
    configs,
    contract: configs.contracts.find((c) => c.name === 'SOL1' && c.status === 'Active'),
    book: undefined,
    bookStale: false,
    markPx: '150',
    account: acct.ok ? acct.value : null,
    positions: acct.ok ? acct.value.marketDeployers.flatMap((p) => p.positions) : [],
    openOrders: [],
    agents: agents.ok ? agents.value : [],
    shareGroupDefs: [],
    keys: { master: true, agent: false, masterAddress: addressOf(key) },
    settings: {},
    // The form gives an order its cloid, as a face does (src/forms/cloidSlots.ts).
    cloidFor: cloidSlots(() => String(++lastCloid)),
  };
}

function ready(spec: FormSpec, texts: Record<string, string>, c: FormContext) {
  const e = evaluateForm(spec, { ...initialTexts(spec, c), ...texts }, c);
  if (!e.ready) throw new Error(`${spec.id} not ready: ${e.blocked ?? e.errors.join('; ')}`);
  return e.built!;
}

describe('forms against the embedded exchange', () => {
  it('enroll, lock, switch to PORTFOLIO, lock into the group: predicted balances are the real ones', async () => {
    const me = await ex.registerFunded();
    const client = new ExchangeClient({ http, info, signers: new SignerSet({ master: me.key }), address: me.address });

    let ctx = await contextFor(me.address, me.key);
    const enroll = ready(FORMS.enroll, { deployer: '1' }, ctx);
    expect((await send(client, enroll.action)).lines[0]).toMatch(/^enrolled in perpdesk \(1\) \[req-\d+\]$/);

    ctx = await contextFor(me.address, me.key);
    const lock = ready(FORMS.lockCollateral, { deployer: '1', coin: 'USDC', amount: '250.5' }, ctx);
    expect(lock.summary.slice(1)).toEqual(['chain balance: 10,000.00 USDC -> 9,749.50 USDC', 'deployer perpdesk (1) pool: 0.00 USDC -> 250.50 USDC']);
    const locked = await send(client, lock.action);
    expect(locked.tone).toBe('success');
    expect(locked.lines[0]).toMatch(/^moved 250\.50 USDC; source balance after: 9,749\.50 USDC; destination balance after: 250\.50 USDC \[req-\d+\]$/);

    ctx = await contextFor(me.address, me.key);
    expect(ctx.account!.chainBalances.find((b) => b.coinId === 0)!.total).toBe('9749500000');
    expect(ctx.account!.marketDeployers.find((p) => p.marketDeployerId === 1)!.balances.find((b) => b.coinId === 0)!.total).toBe('250500000');

    // The form refuses what the account cannot do, before signing.
    const blocked = evaluateForm(FORMS.lockIntoShareGroup, { ...initialTexts(FORMS.lockIntoShareGroup, ctx), amount: '10' }, ctx);
    expect(blocked.errors).toEqual(['Share group: money enters a share group only in PORTFOLIO mode; switch the margin share type first']);

    const toPortfolio = ready(FORMS.setMarginShareType, {}, ctx);
    expect((await send(client, toPortfolio.action)).lines[0]).toMatch(/^margin share type is now PORTFOLIO \(1\)/);

    ctx = await contextFor(me.address, me.key);
    const intoGroup = ready(FORMS.lockIntoShareGroup, { group: '1', amount: '10' }, ctx);
    expect(intoGroup.action).toEqual({ type: 'lockIntoShareGroup', groupId: 1, coinId: 0, amount: '10000000' });
    expect(intoGroup.summary).toContain('share group 1 pool: 0.00 USDC -> 10.00 USDC');
    expect((await send(client, intoGroup.action)).tone).toBe('success');
    ctx = await contextFor(me.address, me.key);
    expect(ctx.account!.shareGroups.find((g) => g.groupId === 1 && g.coinId === 0)!.balance).toBe('10000000');
  });

  it('a rejection the form could not foresee comes back in the exchange\'s words', async () => {
    const me = await ex.registerFunded();
    const client = new ExchangeClient({ http, info, signers: new SignerSet({ master: me.key }), address: me.address });
    // Without an account read the form cannot check the balance: the exchange does.
    const ctx = { ...(await contextFor(me.address, me.key)), account: null };
    const tooMuch = ready(FORMS.lockCollateral, { deployer: '1', amount: '1' }, ctx);
    const view = await send(client, tooMuch.action);
    expect(view.tone).toBe('error');
    expect(view.lines).toEqual([expect.stringMatching(/^not enrolled in market deployer \(code 3006\) \[req-\d+\]$/)]);
  });

  it('approve and revoke an agent, with the slots the exchange then reports', async () => {
    const me = await ex.registerFunded();
    const client = new ExchangeClient({ http, info, signers: new SignerSet({ master: me.key }), address: me.address });
    const agentAddress = addressOf(newKey());
    let ctx = await contextFor(me.address, me.key);
    const approve = ready(FORMS.approveAgent, { address: agentAddress, name: 'desk', days: '1' }, ctx);
    expect(approve.summary[1]).toBe('takes named slot 1/3');
    const approved = await send(client, approve.action);
    expect(approved.lines[0]).toMatch(new RegExp(`^approved agent ${agentAddress} 'desk', named slot, valid until \\S+ \\[req-\\d+\\]$`));

    ctx = await contextFor(me.address, me.key);
    expect(ctx.agents.map((a) => [a.address, a.name, a.slot])).toEqual([[agentAddress, 'desk', 'named']]);
    const again = ready(FORMS.approveAgent, { address: addressOf(newKey()), name: 'desk', days: '0' }, ctx);
    expect(again.summary[1]).toMatch(/^replaces the named entry 'desk'/);

    const revoke = ready(FORMS.revokeAgent, { address: agentAddress }, { ...ctx, selectedAgent: ctx.agents[0] });
    expect((await send(client, revoke.action)).lines[0]).toMatch(new RegExp(`^revoked agent ${agentAddress} \\[req-\\d+\\]$`));
    expect(await info.userAgents(String(ctx.account!.accountId))).toEqual({ ok: true, value: [] });
  });

  it('order, modify, cancel and cancel-all from the forms, each answer shown as given', async () => {
    const me = await ex.registerFunded();
    const client = new ExchangeClient({ http, info, signers: new SignerSet({ master: me.key }), address: me.address });
    await client.enroll(1);
    await client.lockCollateral(1, 0, '1000000000');
    const ctx = await contextFor(me.address, me.key);
    // Past maxTicks is refused by the form with the exchange's own wording, before signing.
    const tooHigh = evaluateForm(FORMS.orderBatch, { lines: 'buy 1 @ 100\nsell 1 @ 20000' }, ctx);
    expect(tooHigh.errors).toEqual(['Orders: line 2: Price: price 20000 exceeds maxTicks 10000']);
    const order = ready(FORMS.orderBatch, { lines: 'buy 3 @ 100\nbuy 1 @ 101 alo' }, ctx);
    const view = await send(client, order.action);
    expect(view.lines[0]).toMatch(/^order answered \[req-\d+\]:$/);
    expect(view.lines).toHaveLength(3);
    // With the market bots off the book is empty: both rest.
    expect(view.lines.slice(1)).toEqual([expect.stringMatching(/^#1 resting oid \d+$/), expect.stringMatching(/^#2 resting oid \d+$/)]);

    const open = await info.userOrders(me.address, 1, 1);
    if (!open.ok) throw new Error(open.error.message);
    const three = open.value.find((o) => o.sz === '3')!;
    const withOrders = { ...ctx, openOrders: open.value, selectedOrder: three };
    const modify = ready(FORMS.modify, { size: '2' }, withOrders);
    expect(modify.summary[1]).toBe('Queue: keeps queue priority (same price, smaller size)');
    const sol = configs.contracts.find((c) => c.contractId === 1)!;
    const modified = renderModifyResult(await client.submit(modify.action as Extract<Action, { type: 'modify' }>), { contract: sol });
    expect(modified.lines).toEqual([expect.stringMatching(new RegExp(`^modified oid ${three.oid}: price 100, total size 2, 2 left(, cloid \\d+)? \\[req-\\d+\\]$`))]);

    const one = open.value.find((o) => o.sz === '1')!;
    const cancel = ready(FORMS.cancel, {}, { ...withOrders, selectedOrder: one });
    expect((await send(client, cancel.action)).lines).toEqual([expect.stringMatching(/^cancel answered \[req-\d+\]:$/), '#1 cancelled']);

    const all = ready(FORMS.cancelAll, {}, withOrders);
    expect((await send(client, all.action)).lines).toEqual([expect.stringMatching(/^cancelled 1 order and 0 conditional orders \[req-\d+\]$/)]);
    const again = await send(client, ready(FORMS.modify, { size: '1' }, withOrders).action);
    expect(again.lines).toEqual([expect.stringMatching(/^order already canceled \(code 1003\) \[req-\d+\]$/)]);
  });
});
