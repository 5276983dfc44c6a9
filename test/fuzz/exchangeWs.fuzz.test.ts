import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../src/exchange/engine/prng.js';
import { fundedExchange, type FundedSetup } from './support/fundedAccount.js';
import { MalformedFrames, type Frame } from './support/malformedFrames.js';

/**
 * 10,000 malformed WebSocket frames. After each one the client sends a ping: everything the
 * server says before the pong is the answer to the frame. A text frame must be answered
 * with `error` messages (or a failed `auth`), or the socket closed; a binary frame gets an
 * `error` (the protocol is JSON text) and the connection keeps serving. Afterwards a
 * fresh connection subscribes normally and the funded account has not changed.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 40_536);
const FRAMES = 10_000;

interface Msg {
  channel: string;
  data?: { ok?: boolean; message?: unknown };
}

class Conn {
  readonly ws: WebSocket;
  private inbox: Msg[] = [];
  private wake: (() => void) | undefined;
  closedWith: number | undefined;
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => {
      this.inbox.push(JSON.parse(data.toString()) as Msg);
      this.wake?.();
    });
    this.ws.on('error', () => {});
    this.ws.on('close', (code) => {
      this.closedWith = code;
      this.wake?.();
    });
  }

  /** Sends the frame, then a ping; resolves with what came before the pong, or 'closed'. */
  async probe(frame: Frame): Promise<Msg[] | 'closed'> {
    this.inbox = [];
    this.ws.send(frame.data, { binary: frame.binary });
    if (this.closedWith === undefined) this.ws.send('{"method":"ping"}');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pong = this.inbox.findIndex((m) => m.channel === 'pong');
      if (pong !== -1) return this.inbox.slice(0, pong);
      if (this.closedWith !== undefined) return 'closed';
      if (Date.now() > deadline) throw new Error(`no pong and no close within 10 s after a ${frame.category} frame`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 200);
      });
    }
  }

  close(): void {
    this.ws.terminate();
  }
}

let setup: FundedSetup;
beforeAll(async () => {
  setup = await fundedExchange();
});
afterAll(async () => {
  await setup?.ex.close();
});

const isErrorAnswer = (m: Msg) => m.channel === 'error' || (m.channel === 'auth' && m.data?.ok === false);

describe('malformed WebSocket frames', () => {
  it(`answers ${FRAMES.toLocaleString('en-US')} of them with errors or a close, and keeps serving (seed ${SEED})`, async () => {
    const before = await setup.state();
    const frames = new MalformedFrames(new Prng(SEED), { key: setup.me.key, nonce: setup.nonce });
    const failures: string[] = [];
    const closes = new Map<string, number>();
    let binaryAnswered = 0;
    let conn = new Conn(setup.ex.wsUrl);
    await conn.opened;
    for (let i = 0; i < FRAMES; i++) {
      const frame = frames.next();
      const answer = await conn.probe(frame);
      const sent = JSON.stringify((typeof frame.data === 'string' ? frame.data : frame.data.toString('latin1')).slice(0, 120));
      if (answer === 'closed') {
        const key = `${frame.category} -> ${conn.closedWith}`;
        closes.set(key, (closes.get(key) ?? 0) + 1);
        conn = new Conn(setup.ex.wsUrl);
        await conn.opened;
        continue;
      }
      if (frame.binary) {
        if (answer.length > 0 && answer.every(isErrorAnswer)) binaryAnswered++;
        else failures.push(`binary frame answered ${JSON.stringify(answer).slice(0, 200)}`);
        continue;
      }
      const ok = answer.length > 0 && answer.every(isErrorAnswer);
      if (!ok && failures.length < 20) failures.push(`${frame.category}: sent ${sent}; answered ${JSON.stringify(answer).slice(0, 300)}`);
    }
    conn.close();
    expect(failures, failures.join('\n')).toEqual([]);

    // Still serving: a fresh connection subscribes and gets the book.
    const fresh = new Conn(setup.ex.wsUrl);
    await fresh.opened;
    const answer = await fresh.probe({ category: 'valid', binary: false, data: '{"method":"subscribe","subscription":{"type":"l2Book","contractId":1}}' });
    fresh.close();
    expect(answer === 'closed' ? [] : answer.map((m) => m.channel)).toEqual(['subscriptionResponse', 'l2Book']);
    expect(await setup.state()).toBe(before);
    console.info(
      `ws fuzz (seed ${SEED}): closes ${[...closes].map(([k, n]) => `${k} x${n}`).join(', ') || 'none'}; binary frames answered with an error ${binaryAnswered}`,
    );
  }, 120_000);

  it('a subscription with a contractId out of range is refused', async () => {
    const conn = new Conn(setup.ex.wsUrl);
    await conn.opened;
    try {
      for (const id of ['1e400', '18446744073709551616', '1.5']) {
        const answer = await conn.probe({ category: 'out of range', binary: false, data: `{"method":"subscribe","subscription":{"type":"l2Book","contractId":${id}}}` });
        expect(answer === 'closed' ? ['closed'] : answer.map((m) => m.channel)).toEqual(['error']);
      }
    } finally {
      conn.close();
    }
  });
});
