import { describe, expect, it } from 'vitest';
import type { UserAccount } from '../../protocol/wire/index.js';
import { accountSummary } from '../../state/accountSummary.js';
import { ACCOUNT, CONFIGS, SHARE_GROUPS } from '../../../test/ui/support/paneFixtures.js';
import { textWidth } from '../format/width.js';
import { accountStripSegments, type AccountStripModel } from './accountStripSegments.js';

const widthOf = (segs: { text: string }[]) => segs.reduce((a, s) => a + textWidth(s.text), 0);
const text = (segs: { text: string }[]) => segs.map((s) => s.text).join('');

const md = ACCOUNT.marketDeployers[0]!;
/** The fixture account with a reported maintenance margin and an isolated bucket its equity can hold. */
function account(solPnl = '30000000'): UserAccount {
  const [sol, btc, doge] = md.positions;
  return {
    ...ACCOUNT,
    marketDeployers: [{ ...md, positions: [{ ...sol!, unrealizedPnl: solPnl, maintenanceMargin: '75500000' }, { ...btc!, isolatedMargin: '300500000' }, doge!] }],
  };
}

const ADDRESS = '0x1234567890abcdef1234567890abcdef1234abcd';
function model(o: Partial<AccountStripModel> = {}, a: UserAccount = account()): AccountStripModel {
  return {
    summary: accountSummary(a, CONFIGS, SHARE_GROUPS),
    coin: { decimals: 6, name: 'USDC' },
    focus: { contract: 'SOL1', leverage: 5, mode: 'cross', leverageKnown: true, modeKnown: true },
    address: ADDRESS,
    watching: false,
    ...o,
  };
}

describe('the account strip', () => {
  it('is exactly the screen width in every state', () => {
    const states = [model(), model({ watching: true }), model({ summary: undefined }), model({ summary: undefined, watching: true }), model({ address: null, focus: undefined })];
    for (const m of states) for (const w of [80, 100, 120, 200]) expect(widthOf(accountStripSegments(m, w)), `${w}`).toBe(w);
  });

  it('shows equity, signed uPnL, margin used and ratio, available, leverage and mode, and the address when wide', () => {
    // equity 2,012.35 (MD1) + 498.77 (group 1); uPnL +30 − 12.50; ratio 75.50 / (2,012.35 − 300.50 + 12.50) = 4.38% → 4.4%
    expect(text(accountStripSegments(model(), 200))).toMatch(
      /^ equity 2,511\.11 USDC {2}uPnL ▲ \+17\.50 {2}margin used 301\.50 {2}ratio 4\.4% {2}avail 1,710\.84 {2}SOL1 5x cross +0x1234…abcd $/,
    );
  });

  it('drops the least important first: the own address, the coin, available, margin used, leverage', () => {
    const at = (w: number) => text(accountStripSegments(model(), w));
    expect(at(120)).toMatch(/^ equity 2,511\.11 USDC .* {2}SOL1 5x cross +0x1234…abcd $/);
    expect(at(110)).toMatch(/^ equity 2,511\.11 USDC .*avail 1,710\.84 {2}SOL1 5x cross +$/);
    expect(at(100)).toMatch(/^ equity 2,511\.11 {2}uPnL ▲ \+17\.50 {2}margin used 301\.50 {2}ratio 4\.4% {2}avail 1,710\.84 {2}SOL1 5x cross +$/);
    expect(at(80)).toMatch(/^ equity 2,511\.11 {2}uPnL ▲ \+17\.50 {2}margin used 301\.50 {2}ratio 4\.4% {2}SOL1 5x cross +$/);
    expect(at(70)).toMatch(/^ equity 2,511\.11 {2}uPnL ▲ \+17\.50 {2}ratio 4\.4% {2}SOL1 5x cross +$/);
    expect(at(40)).toMatch(/^ equity 2,511\.11 {2}uPnL ▲ \+17\.50 +$/);
  });

  it('keeps the margin ratio over the leverage while positions are open, and the leverage while flat', () => {
    expect(text(accountStripSegments(model({ watching: true }), 80))).toMatch(/^ equity 2,511\.11 {2}uPnL ▲ \+17\.50 {2}ratio 4\.4% +watching 0x1234…abcd $/);
    const flat = { ...ACCOUNT, marketDeployers: [{ ...md, positions: [] }] };
    const t = text(accountStripSegments(model({}, flat), 80));
    expect(t).toContain('SOL1 5x cross');
    expect(t).not.toContain('ratio');
  });

  it('signs a loss with a minus and a down arrow, and colours it down', () => {
    const segs = accountStripSegments(model({}, account('-30000000')), 120);
    const pnl = segs.find((s) => s.text.includes('42.50'))!;
    expect(pnl).toMatchObject({ text: '▼ −42.50', token: 'down' });
  });

  it('says it is waiting for the account instead of showing zeros', () => {
    const t = text(accountStripSegments(model({ summary: undefined }), 80));
    expect(t).toContain('waiting for account…');
    expect(t).not.toMatch(/0\.00/);
  });

  it('labels a watched account in monitor mode at every width, waiting or not', () => {
    for (const summary of [model().summary, undefined]) {
      for (const w of [80, 120]) expect(text(accountStripSegments(model({ summary, watching: true }), w))).toMatch(/watching 0x1234…abcd $/);
    }
  });

  it('marks an assumed leverage or mode, and a ratio near liquidation', () => {
    const t = text(accountStripSegments(model({ focus: { contract: 'SOL1', leverage: 10, mode: 'isolated', leverageKnown: false, modeKnown: false } }), 200));
    expect(t).toContain('SOL1 10x? isolated?');
    const risky = account();
    risky.marketDeployers[0]!.positions[0]!.maintenanceMargin = '1700000000';
    const segs = accountStripSegments(model({}, risky), 120);
    expect(segs.find((s) => s.text.includes('%'))).toMatchObject({ text: '⚠ 98.6%', token: 'down' });
  });
});

describe('the account strip names the profile', () => {
  it('says the profile before the address, and keeps the name when the address no longer fits', () => {
    for (const w of [80, 100, 120, 200]) expect(widthOf(accountStripSegments(model({ profile: 'desk-2' }), w)), `${w}`).toBe(w);
    expect(text(accountStripSegments(model({ profile: 'desk-2' }), 200))).toMatch(/desk-2 0x1234…abcd $/);
    const at80 = text(accountStripSegments(model({ profile: 'desk-2' }), 80));
    expect(at80).toContain('desk-2');
    expect(at80).not.toContain('0x1234');
    expect(text(accountStripSegments(model({ profile: 'desk-2', watching: true }), 120))).toMatch(/desk-2 watching 0x1234…abcd/);
    expect(text(accountStripSegments(model(), 200))).not.toContain('desk-2');
  });
});
