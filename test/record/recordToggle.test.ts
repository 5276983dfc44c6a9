import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRecordings, recordingsDir } from '../../src/record/recordingFiles.js';
import { readRecordings } from '../../src/record/readRecording.js';
import { createSession } from '../../src/session/index.js';
import { statusSegments, type StatusModel } from '../../src/ui/app/statusSegments.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';

/**
 * Recording started and stopped in a running session (the palette's record.toggle,
 * docs/recording.md): nothing is written before, the lines come while on, the files are
 * complete once stopped, a face is told each time, and the status bar marks it while on.
 */
const temp = tempDirs('perpdesk-rtoggle-');

describe('recording on and off in a running session', () => {
  let ex: TestExchange;
  beforeAll(async () => {
    ex = await startTestExchange({ activity: 'normal', blockMs: 100 });
  });
  afterAll(async () => {
    await ex?.close();
  });

  it('starts, records, stops with its files whole, and says so', async () => {
    const stateDir = temp();
    const who = await ex.register();
    const session = createSession({ url: ex.url }, { address: who.address.toLowerCase() }, { contractName: 'SOL1', stateDir, flushMs: 20, poll: { marketStateMs: 100 } });
    try {
      expect((await session.ready).ok).toBe(true);
      let told = 0;
      session.onRecording(() => told++);
      expect(session.recorder).toBeUndefined();
      expect(await session.setRecording(false)).toBe('not recording');
      const started = await session.setRecording(true);
      expect(started).toMatch(/^recording the market to /);
      expect(session.recorder).toBeDefined();
      expect(await session.setRecording(true)).toMatch(/^already recording/);
      await waitFor(() => (session.recorder?.status().lines ?? 0) > 10, 'lines recorded');
      const stopped = await session.setRecording(false);
      expect(stopped).toMatch(/^recording stopped: \d+ lines in /);
      expect(session.recorder).toBeUndefined();
      expect(told).toBe(2);
      const warnings: string[] = [];
      const kinds = new Set<string>();
      for await (const l of readRecordings(listRecordings(recordingsDir(stateDir)), { onWarning: (w) => warnings.push(w) })) kinds.add(l.kind);
      // Whole files (gzip closed): nothing cut short; the header, books and marketState answers.
      expect(warnings).toEqual([]);
      expect([...kinds]).toEqual(expect.arrayContaining(['header', 'ws', 'info']));
    } finally {
      await session.close();
    }
  });

  it('the status bar keeps a mark while recording', () => {
    const base: StatusModel = { connection: 'open', channels: {}, latencyMs: 1, clockOffsetMs: 0, clockWarning: null, dataAgeMs: 0, signer: 'agent', readOnly: false, inFlight: 0, progress: null, message: { text: 'a long notice that takes the rest of the bar and more besides', tone: 'info' } };
    const text = (m: StatusModel, w: number) => statusSegments(m, w).map((s) => s.text).join('');
    expect(text(base, 120)).not.toContain('REC');
    expect(text({ ...base, recording: true }, 120)).toContain('● REC');
    expect(text({ ...base, recording: true }, 60)).toMatch(/● REC|●R/);
  });
});
