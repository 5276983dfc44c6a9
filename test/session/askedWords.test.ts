import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { build } from '../../src/protocol/wire/index.js';
import { ExchangeClient } from '../../src/client/exchangeClient.js';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import { SignerSet } from '../../src/client/signers.js';
import { askedWords } from '../../src/session/askedWords.js';
import { startTestExchange } from '../support/exchangeHarness.js';
import { fullStore } from '../ui/support/paneFixtures.js';

/** What a signed action asked, in trader words, from the action and the store at send time. */
const state = fullStore(1_700_000_000_000).getState();
const words = (a: Parameters<typeof askedWords>[0]) => askedWords(a, state);

describe('askedWords', () => {
  it('says an order as the order form does: side, size, contract, price at its scale, tif, reduce-only, cloid', () => {
    const cloid = `0x${'ab'.repeat(16)}`;
    expect(words(build.order([{ contractId: 2, isBuy: true, price: '60025.5', size: '0.015', tif: 'Ioc', reduceOnly: true, cloid }]))).toBe(
      `Buy 0.015 BTC1 @ 60,025.5 Ioc, reduce-only, cloid ${cloid}`,
    );
    expect(words(build.order([{ contractId: 1, isBuy: false, size: '3', tif: 'Market' }, { contractId: 1, isBuy: true, price: '140', size: '1' }]))).toBe(
      '#1 Sell 3 SOL1 at market; #2 Buy 1 SOL1 @ 140 Gtc',
    );
  });

  it('names the order a cancel takes off the book while it is still open, and its id when not shown', () => {
    expect(words(build.cancel([{ contractId: 1, oid: 11 }]))).toBe('Cancel buy 3 SOL1 @ 149 (oid 11, cloid 123456789)');
    expect(words(build.cancel([{ contractId: 1, oid: 99 }]))).toBe('Cancel SOL1 oid 99');
    expect(words(build.cancelByCloid([{ contractId: 1, cloid: '123456789' }]))).toBe('Cancel buy 3 SOL1 @ 149 (oid 11, cloid 123456789)');
    expect(words(build.modify({ contractId: 1, oid: 11, price: '148' }))).toBe('Modify buy order 11 on SOL1: price 149 -> 148');
  });

  it('says a collateral move with its amount and the pools it goes between', () => {
    expect(words(build.lockCollateral(1, 0, '250500000'))).toBe('Move 250.50 USDC from the chain balance to the deployer perpdesk (1) pool');
    expect(words(build.transferMdToShareGroup(1, 1, 0, '1000000'))).toBe('Move 1.00 USDC from the deployer perpdesk (1) pool to the share group 1 pool');
    expect(words(build.updateIsolatedMargin(1, -2_500_000, true))).toBe('Remove 2.50 USDC from the isolated margin of the long SOL1 position');
  });

  it('says leverage and margin mode changes with the contract by name', () => {
    expect(words(build.updateLeverage(2, 20))).toBe('Set BTC1 leverage to 20x');
    expect(words(build.updateMarginMode(1, 'isolated'))).toBe('Switch SOL1 to isolated margin');
    expect(words(build.tpSl({ asset: 1, tp: { triggerPx: '170' }, sl: { triggerPx: '130', sz: '2' } }))).toBe(
      'TP/SL on the SOL1 position: TP trigger 170, whole position; SL trigger 130, 2',
    );
  });
});

describe('the client puts the words on the journal entry', () => {
  it('as the action is signed, and a failing description never stops the send', async () => {
    const ex = await startTestExchange();
    const http = new HttpTransport({ baseUrl: ex.url });
    try {
      const me = await ex.registerFunded();
      const signers = new SignerSet({ master: me.key });
      const entries: JournalEntry[] = [];
      const said = new ExchangeClient({ http, info: new InfoClient(http), signers, address: me.address, describe: (a) => `asked ${a.type}` });
      said.onJournal((e) => entries.push(e));
      expect((await said.enroll(1)).ok).toBe(true);
      const failing = new ExchangeClient({
        http,
        info: new InfoClient(http),
        signers,
        address: me.address,
        describe: () => {
          throw new Error('no words');
        },
      });
      failing.onJournal((e) => entries.push(e));
      expect((await failing.send(build.updateLeverage(1, 5))).ok).toBe(true);
      // Each request heard of twice, as it left and with its answer, the words on both.
      expect(entries.map((e) => [e.action, e.outcome, e.asked])).toEqual([
        ['enrollUserToMarketDeployer', 'sent', 'asked enrollUserToMarketDeployer'],
        ['enrollUserToMarketDeployer', 'ok', 'asked enrollUserToMarketDeployer'],
        ['updateLeverage', 'sent', undefined],
        ['updateLeverage', 'ok', undefined],
      ]);
    } finally {
      await http.close();
      await ex.close();
    }
  });
});
