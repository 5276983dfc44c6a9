import { describe, expect, it } from 'vitest';
import { ClockOffset } from '../../src/client/clockOffset.js';

const DAY = 86_400_000;

describe('ClockOffset', () => {
  it('has no estimate and no warning before any sample', () => {
    expect(new ClockOffset().status()).toEqual({ offsetMs: undefined, uncertaintyMs: undefined, warning: undefined });
  });

  it('narrows a Date-header estimate by intersecting samples', () => {
    const c = new ClockOffset();
    const trueOffset = 1234; // server = local + 1234
    for (let local = 1_000_000; local < 1_020_000; local += 137) {
      const serverAtReply = local + 5 + trueOffset;
      const date = Math.floor(serverAtReply / 1000) * 1000;
      c.sampleDateHeader(local, local + 10, date);
    }
    const st = c.status();
    expect(Math.abs(st.offsetMs! - trueOffset)).toBeLessThanOrEqual(st.uncertaintyMs!);
    expect(st.uncertaintyMs!).toBeLessThan(100);
    expect(st.warning).toBeUndefined();
  });

  it('starts over when the local clock jumps', () => {
    const c = new ClockOffset();
    c.sample({ sentAt: 1000, receivedAt: 1010, serverLow: 1005, serverHigh: 1005 });
    c.sample({ sentAt: 2000, receivedAt: 2010, serverLow: 2005 + 50_000, serverHigh: 2005 + 50_000 });
    expect(c.status().offsetMs).toBeGreaterThan(49_000);
  });

  it('warns before local nonces run ahead of the accepted window', () => {
    const c = new ClockOffset();
    const local = 10 * DAY;
    const server = local - DAY + 30 * 60_000; // local is 23.5 h ahead: inside the 1 h margin
    c.sample({ sentAt: local, receivedAt: local + 2, serverLow: server, serverHigh: server });
    expect(c.status().warning).toMatch(/ahead of the exchange; the exchange will soon reject/);
  });

  it('says it is already rejecting once past the window, in either direction', () => {
    const ahead = new ClockOffset();
    ahead.sample({ sentAt: 10 * DAY, receivedAt: 10 * DAY, serverLow: 8 * DAY, serverHigh: 8 * DAY });
    expect(ahead.status().warning).toMatch(/2d 0h ahead.*is rejecting/);
    const behind = new ClockOffset();
    behind.sample({ sentAt: 10 * DAY, receivedAt: 10 * DAY, serverLow: 13 * DAY, serverHigh: 13 * DAY });
    expect(behind.status().warning).toMatch(/3d 0h behind.*is rejecting/);
  });

  it('ignores impossible samples', () => {
    const c = new ClockOffset();
    c.sample({ sentAt: 10, receivedAt: 5, serverLow: 0, serverHigh: 0 });
    c.sample({ sentAt: 10, receivedAt: 20, serverLow: 9, serverHigh: 3 });
    expect(c.status().offsetMs).toBeUndefined();
  });
});
