import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeMain, type CliIo } from '../../src/exchange/cli.js';
import { nativeBackend, SECP_ENV, secpBackend } from '../../src/protocol/index.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { signedOrderScenario } from './signedOrderScenario.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(() => ex.close());

describe.skipIf(process.env[SECP_ENV])('the backend chosen at load', () => {
  it('is libsecp256k1 when its binding loads, and accepts a real signed order over loopback', async () => {
    expect(secpBackend().name).toBe(nativeBackend() ? 'native' : 'noble');
    await signedOrderScenario(ex);
  });

  it('perpdesk exchange names it on start, on stderr, leaving stdout to the listening line and codes', async () => {
    let out = '';
    let err = '';
    let stop!: (signal: string) => void;
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const io: CliIo = {
      stdout: (t) => {
        out += t;
        if (out.includes('listening')) started();
      },
      stderr: (t) => (err += t),
      stopSignal: () => new Promise<string>((resolve) => (stop = resolve)),
    };
    const done = exchangeMain(['--invite-count', '0', '--activity', 'off'], io);
    await ready;
    expect(err).toContain(`perpdesk exchange: signatures verified with ${secpBackend().label}`);
    expect(out).not.toContain('verified');
    stop('SIGTERM');
    expect(await done).toBe(0);
  });
});
