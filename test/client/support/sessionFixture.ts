import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createSession, type Session, type SessionOptions } from '../../../src/session/index.js';
import { addressOf } from '../../../src/protocol/index.js';
import { startFakeExchange, type FakeExchange } from './fakeExchange.js';

export const MASTER = '0x' + '8f'.repeat(32);
export const ADDR = addressOf(MASTER).toLowerCase();

/**
 * A fake exchange with a registered account and a fresh state directory for each test of the
 * calling file, and `start` for a session against it with short timeouts (closed after each).
 */
export function useSessionFixture(o: { tickMs?: number; defaults?: Partial<SessionOptions> } = {}) {
  const ctx = {} as { fx: FakeExchange; stateDir: string; session: Session | undefined };
  beforeEach(async () => {
    ctx.fx = await startFakeExchange(o.tickMs === undefined ? {} : { tickMs: o.tickMs });
    ctx.fx.register(ADDR);
    ctx.stateDir = mkdtempSync(join(tmpdir(), 'perpdesk-session-'));
  });
  afterEach(async () => {
    await ctx.session?.close();
    ctx.session = undefined;
    await ctx.fx.close();
    rmSync(ctx.stateDir, { recursive: true, force: true });
  });
  const start = (extra: Partial<SessionOptions> = {}): Session => {
    ctx.session = createSession({ url: ctx.fx.url }, { master: MASTER }, {
      contractName: 'SOL1',
      stateDir: ctx.stateDir,
      http: { requestTimeoutMs: 500 },
      ws: { backoff: { baseMs: 5, capMs: 40 }, ackTimeoutMs: 500 },
      ...o.defaults,
      ...extra,
    });
    return ctx.session;
  };
  return { ctx, start };
}
