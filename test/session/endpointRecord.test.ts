/**
 * Issue 34: the endpoint record (embedded/endpoint.json) is written on the main thread just
 * before the first frame, and only names a live process: it is renamed into place like every
 * private file (never seen half written) but not fsynced, while the files that must outlive a
 * power cut (the demo keys, the seed) still are.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEndpoint, writeEndpoint } from '../../src/session/endpointFile.js';
import { writeFileAtomicSync } from '../../src/wallet/fsutil.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-endpoint-');
const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');

/** fsyncs made while `run` runs (the real fsyncSync, counted). */
function fsyncsDuring(run: () => void): number {
  const spy = vi.spyOn(fs, 'fsyncSync');
  syncBuiltinESMExports();
  try {
    run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
    syncBuiltinESMExports();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the endpoint record', () => {
  it('is written whole and read back without an fsync; a durable private file still has its two', () => {
    const dir = tempDir();
    const e = { url: 'http://127.0.0.1:4100', wsUrl: 'ws://127.0.0.1:4100/ws', pid: process.pid };
    expect(fsyncsDuring(() => expect(writeEndpoint(dir, e)).toBe(true))).toBe(0);
    expect(readEndpoint(dir)).toEqual(e);
    const moved = { ...e, url: 'http://127.0.0.1:4200' };
    expect(fsyncsDuring(() => writeEndpoint(dir, moved))).toBe(0);
    expect(readEndpoint(dir)).toEqual(moved);
    expect(fsyncsDuring(() => writeFileAtomicSync(path.join(dir, 'kept.json'), '{}\n', false))).toBe(2);
  });
});
