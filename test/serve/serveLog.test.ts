import { chmodSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServeLog, SERVE_LOG_FILE } from '../../src/serve/serveLog.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-serve-log-');

describe('the serve log', () => {
  it('writes one 0600 line per event, quoting what a client chose so it cannot forge a line', () => {
    const dir = tempDir();
    const log = openServeLog(dir, () => new Date('2026-11-26T04:30:00.000Z'));
    log.write('refuse', { address: '10.0.0.1:5000', user: 'eve\n2026-11-26T04:30:00.000Z connect access=trading', reason: 'unknown key SHA256:abc' });
    log.write('connect', { fingerprint: 'SHA256:a+b/c', address: '[::1]:22', skipped: undefined });
    log.close();
    const file = join(dir, SERVE_LOG_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').split('\n')).toEqual([
      // The line feed is a space now (terminalSafe): one line, quoted.
      '2026-11-26T04:30:00.000Z refuse address=10.0.0.1:5000 user="eve 2026-11-26T04:30:00.000Z connect access=trading" reason="unknown key SHA256:abc"',
      '2026-11-26T04:30:00.000Z connect fingerprint=SHA256:a+b/c address=[::1]:22',
      '',
    ]);
  });

  it('refuses a log open to others or a link at its name', () => {
    const open = tempDir();
    writeFileSync(join(open, SERVE_LOG_FILE), '');
    chmodSync(join(open, SERVE_LOG_FILE), 0o644);
    expect(() => openServeLog(open)).toThrow(/open to others/);
    const linked = tempDir();
    symlinkSync(join(open, 'elsewhere'), join(linked, SERVE_LOG_FILE));
    expect(() => openServeLog(linked)).toThrow(/symbolic link/);
  });
});
