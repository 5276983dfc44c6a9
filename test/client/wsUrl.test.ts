import { describe, expect, it } from 'vitest';
import { defaultWsUrl } from '../../src/client/wsUrl.js';

describe('defaultWsUrl', () => {
  it('is the REST base with ws(s) and /ws appended to its path', () => {
    expect(defaultWsUrl('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/ws');
    expect(defaultWsUrl('http://127.0.0.1:8080/')).toBe('ws://127.0.0.1:8080/ws');
    expect(defaultWsUrl('https://ex.example')).toBe('wss://ex.example/ws');
    expect(defaultWsUrl('https://x.example/api/')).toBe('wss://x.example/api/ws');
  });

  it('keeps a query string out of the path', () => {
    expect(defaultWsUrl('https://x.example/api?key=1')).toBe('wss://x.example/api/ws?key=1');
  });
});
