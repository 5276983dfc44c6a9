import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExchangeClient } from '../../src/client/exchangeClient.js';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import { SignerSet } from '../../src/client/signers.js';
import { exchangeMain } from '../../src/exchange/cli.js';
import { Clock } from '../../src/exchange/clock.js';
import { build } from '../../src/protocol/wire/index.js';
import { readRecordings, recordingFiles, type RecordedLine } from '../../src/record/readRecording.js';
import { recordedPrices, type RecordedPrice } from '../../src/record/recordingPrices.js';
import { recordingsDir } from '../../src/record/recordingFiles.js';
import { RecordingWriter } from '../../src/record/recordingWriter.js';
import { createSession } from '../../src/session/index.js';
import { marketReplay } from '../../src/session/marketReplay.js';
import { exchangeData, startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { waitFor } from '../support/waitFor.js';

/**
 * Paper trading a past session (issue 36, `--replay-market`): a recording made by the real
 * recorder of an embedded exchange whose SOL1 index is moved by hand, then a second embedded
 * exchange, with its makers, following that recording on a clock the test moves. At each
 * recorded mark the venue's mark is within a tick of it; an order signed and sent by the
 * real client fills at the replayed prices; after the end the index holds and says so; a
 * recording of no contract the venue lists is an error in words.
 */
const PRICES = ['200', '203', '198', '207', '205', '211', '204', '201'];
const SPEED = 10;

let dir: string;
let marks: { us: number; px: bigint }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'perpdesk-rmkt-'));
  const src = await startTestExchange();
  try {
    const watcher = await src.register();
    const session = createSession({ url: src.url }, { address: watcher.address.toLowerCase() }, { contractName: 'SOL1', stateDir: dir, flushMs: 20, poll: { marketStateMs: 100 }, record: {} });
    expect((await session.ready).ok).toBe(true);
    for (const px of PRICES) {
      expect((await src.control({ type: 'setIndexPrice', contractId: 1, px })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
    }
    await session.close();
  } finally {
    await src.close();
  }
  // The recording's own marks, read here without the code under test.
  for await (const l of readRecordings(recordingFiles(recordingsDir(dir)), { onWarning: () => {} })) {
    if (l.kind !== 'info') continue;
    const m = JSON.parse(l.message) as { request: { type: string; contractId?: number }; data: { contractId: number; markPx: string | null } };
    if (m.request.type === 'marketState' && m.data.contractId === 1 && m.data.markPx !== null) marks.push({ us: l.us, px: BigInt(m.data.markPx) });
  }
}, 15_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--replay-market on the embedded exchange', () => {
  let ex: TestExchange;
  let fake = 0;
  const logs: string[] = [];
  beforeAll(async () => {
    fake = Date.now();
    // The clock is the test's: each recorded mark is reached by moving it and stepping a block
    // (tick); the block timer goes on too, at the same clock (the takers trade, nothing moves).
    ex = await startTestExchange({
      activity: 'normal',
      blockMs: 100,
      creditDelayMs: 0,
      clock: new Clock(() => fake),
      indexFeed: marketReplay({ path: recordingsDir(dir), speed: String(SPEED), log: (l) => logs.push(l) }),
    });
  });
  afterAll(async () => {
    await ex?.close();
  });

  it('the mark follows the recording within a tick at each recorded mark; an order fills at the replayed prices; the end holds', async () => {
    expect(marks.length).toBeGreaterThan(PRICES.length);
    // The recording went through every price set.
    for (const px of PRICES) expect(marks.some((m) => m.px === BigInt(px))).toBe(true);

    const http = new HttpTransport({ baseUrl: ex.url });
    const info = new InfoClient(http);
    const start = fake;
    const first = marks[0]!.us;
    const markAt = async (): Promise<bigint> => {
      const r = await info.marketState(1);
      if (!r.ok) throw new Error(r.error.message);
      return BigInt(r.value.markPx!);
    };
    const goTo = (us: number): void => {
      fake = start + Math.ceil((us - first) / 1000 / SPEED);
      ex.running.blocks.tick(fake);
    };
    const expected = (us: number): bigint => marks.filter((m) => m.us <= us).at(-1)!.px;
    const me = await ex.registerFunded();
    exchangeData(await ex.signedPost(build.enroll(1), me.key));
    exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '2000000000'), me.key));
    const client = new ExchangeClient({ http, info, signers: new SignerSet({ master: me.key }), address: me.address });
    const fillPx = (r: Awaited<ReturnType<ExchangeClient['order']>>): bigint => {
      const status = r.ok ? r.statuses[0]! : { error: r.error.message };
      expect(status, JSON.stringify(status)).toHaveProperty('filled');
      return BigInt((status as { filled: { avgPx: string } }).filled.avgPx);
    };
    try {
      for (const [i, m] of marks.entries()) {
        goTo(m.us);
        const mark = await markAt();
        const want = expected(first + (fake - start) * 1000 * SPEED);
        expect(mark - want <= 1n && want - mark <= 1n, `mark ${mark} at the recording's ${want}`).toBe(true);
        // The makers quote around it: a two-sided book across the index.
        const book = ex.running.core.trading.market(1)!.book;
        expect(book.bestBid()! < want && book.bestAsk()! > want).toBe(true);
        if (i !== Math.floor(marks.length / 2)) continue;
        // Halfway through, orders signed and sent by the real client fill at the replayed market.
        expect(want).not.toBe(150n);
        const bought = fillPx(await client.order([{ contractId: 1, isBuy: true, size: '1', tif: 'Market' }]));
        // A buy takes the makers' best ask: just above the replayed mark; a sell their best bid.
        expect(bought > want && bought <= want + 3n, `bought at ${bought} with the replay's mark at ${want}`).toBe(true);
        const sold = fillPx(await client.order([{ contractId: 1, isBuy: false, size: '1', tif: 'Market' }]));
        expect(sold < want && sold >= want - 3n, `sold at ${sold} with the replay's mark at ${want}`).toBe(true);
      }

      // Past the end: the last price holds, and the log says so once.
      const last = marks.at(-1)!;
      goTo(last.us + 5_000_000);
      ex.running.blocks.tick(fake);
      fake += 1000;
      ex.running.blocks.tick(fake);
      expect(await markAt()).toBe(last.px);
      expect(logs.filter((l) => l.startsWith(`market replay: ${recordingsDir(dir)} ended at`))).toHaveLength(1);
    } finally {
      await http.close();
    }
  });
});

describe('a recording the venue cannot follow', () => {
  it('says so in words, with exit code 2: no contract of the venue, no such path', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'perpdesk-rmkt-bad-'));
    try {
      const t0 = Date.UTC(2026, 11, 3, 6, 24, 10) * 1000;
      let now = t0;
      const w = new RecordingWriter({
        dir: bad,
        limits: { maxBytes: 10 ** 9, maxAgeMs: 10 ** 12 },
        header: () => ({ venue: 'elsewhere', configs: { contracts: [{ contractId: 7, name: 'XYZ9' }] } }),
        now: () => now,
        pid: 1,
        onError: () => {},
      });
      for (let i = 0; i < 3; i++) {
        now += 1_000_000;
        w.info('{"type":"marketState","contractId":7}', '{"contractId":7,"markPx":"1.5","indexPx":"1.5"}');
      }
      await w.close();
      const out: string[] = [];
      const err: string[] = [];
      const io = {
        stdout: (t: string) => void out.push(t),
        stderr: (t: string) => void err.push(t),
        stopSignal: () => new Promise<string>(() => {}),
        replayMarket: (path: string, speed: string | undefined, log: (l: string) => void) => marketReplay({ path, speed, log }),
      };
      expect(await exchangeMain(['--replay-market', bad, '--activity', 'off'], io)).toBe(2);
      expect(err.join('')).toContain('no contract of the recording is listed by this venue (the recording: XYZ9; the venue: SOL1');
      expect(err.join('')).not.toMatch(/\n\s+at /);
      expect(out).toEqual([]);
      err.length = 0;
      expect(await exchangeMain(['--replay-market', join(bad, 'nothing-here')], io)).toBe(2);
      expect(err.join('')).toContain('no such file or folder');
      err.length = 0;
      expect(await exchangeMain(['--replay-market', bad, '--speed', '500'], io)).toBe(2);
      expect(err.join('')).toContain('--speed must be 0.5 to 50');
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});

describe('the prices of a recording', () => {
  it('marks where recorded, trades (each once) for a contract with no mark yet', async () => {
    const line = (us: number, kind: RecordedLine['kind'], message: string): RecordedLine => ({ file: 'f', line: 0, kind, us, message });
    async function* lines(): AsyncGenerator<RecordedLine> {
      yield line(1, 'header', '{"perpdesk":"header","version":1,"configs":{"contracts":[{"contractId":1,"name":"SOL1"},{"contractId":2,"name":"BTC1"}]}}');
      yield line(2, 'ws', '{"channel":"trades","data":[{"contractId":1,"tid":5,"px":"151","sz":"1","side":"B","time":0},{"contractId":2,"tid":6,"px":"60000.5","sz":"1","side":"A","time":0}]}');
      yield line(3, 'ws', '{"channel":"l2Book","data":{"contractId":1,"time":0,"levels":[[],[]]}}');
      yield line(4, 'info', '{"perpdesk":"info","request":{"type":"marketState","contractId":1},"data":{"contractId":1,"markPx":"152","indexPx":"152"}}');
      // A resubscribe repeats trade 6; SOL1 has a mark now, its trades are left.
      yield line(5, 'ws', '{"channel":"trades","data":[{"contractId":2,"tid":6,"px":"60000.5"},{"contractId":1,"tid":7,"px":"149"},{"contractId":2,"tid":8,"px":"60001"}]}');
      yield line(6, 'info', '{"perpdesk":"info","request":{"type":"marketState","contractId":1},"data":{"contractId":1,"markPx":null,"indexPx":"153"}}');
    }
    const names = new Set<string>();
    const got: RecordedPrice[] = [];
    for await (const p of recordedPrices(lines(), names)) got.push(p);
    expect(got).toEqual([
      { us: 2, contract: 'SOL1', px: '151' },
      { us: 2, contract: 'BTC1', px: '60000.5' },
      { us: 4, contract: 'SOL1', px: '152' },
      { us: 5, contract: 'BTC1', px: '60001' },
      { us: 6, contract: 'SOL1', px: '153' },
    ]);
    expect([...names]).toEqual(['SOL1', 'BTC1']);
  });
});
