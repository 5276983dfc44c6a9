import { describe, expect, it } from 'vitest';
import { Clock, toJson } from '../../src/exchange/index.js';
import { RateLimiter } from '../../src/exchange/rateLimiter.js';
import { MemoryAgentStore } from '../../src/exchange/state/agents.js';
import { MemoryInviteCodeStore } from '../../src/exchange/state/inviteCodes.js';
import { NonceWindow } from '../../src/exchange/state/nonceWindow.js';
import type { Hex } from '../../src/protocol/index.js';

const addr = (n: number): Hex => `0x${n.toString(16).padStart(40, '0')}`;

describe('NonceWindow', () => {
  const now = 1_800_000_000_000;

  it('refuses replays and values outside the window, per signer', () => {
    const w = new NonceWindow({ pastMs: 1000, futureMs: 500 });
    expect(w.use('0xa', now, now)).toBeUndefined();
    expect(w.use('0xa', now, now)).toMatch(/already used/);
    expect(w.use('0xb', now, now)).toBeUndefined();
    expect(w.use('0xa', now - 1000, now)).toBeUndefined();
    expect(w.use('0xa', now - 1001, now)).toMatch(/outside/);
    expect(w.use('0xa', now + 500, now)).toBeUndefined();
    expect(w.use('0xa', now + 501, now)).toMatch(/outside/);
  });

  it('keeps the highest N per signer and refuses anything not above the lowest kept', () => {
    const w = new NonceWindow({ keep: 3 });
    for (const n of [10, 30, 20, 40]) expect(w.use('0xa', now + n, now)).toBeUndefined();
    // kept: 20, 30, 40 -> 10 is forgotten, so anything at or below 20 is refused
    expect(w.use('0xa', now + 15, now)).toMatch(/too old/);
    expect(w.use('0xa', now + 10, now)).toMatch(/too old/);
    expect(w.use('0xa', now + 25, now)).toBeUndefined();
    expect(w.use('0xa', now + 20, now)).toMatch(/too old|already/);
  });
});

describe('MemoryAgentStore', () => {
  it('indexes addresses globally and frees them on revoke and replacement', () => {
    const s = new MemoryAgentStore();
    expect(s.approve(1, addr(1), 'a', 0, 0)).toMatchObject({ ok: true });
    expect(s.approve(2, addr(1), 'b', 0, 0)).toEqual({ ok: false, error: 'AGENT_OTHER_MASTER' });
    expect(s.approve(1, addr(2), 'a', 0, 0)).toMatchObject({ ok: true, replaced: addr(1) });
    expect(s.lookup(addr(1))).toBeUndefined();
    expect(s.approve(2, addr(1), 'b', 0, 0)).toMatchObject({ ok: true });
    expect(s.revoke(1, addr(1))).toBe(false);
    expect(s.revoke(2, addr(1))).toBe(true);
    expect(s.lookup(addr(1))).toBeUndefined();
    expect(s.list(2)).toEqual([]);
  });

  it('lists the anonymous slot first, at most 1 + 3 records per master', () => {
    const s = new MemoryAgentStore();
    for (const [i, name] of ['x', 'y', '', 'z', 'w', ''].entries()) s.approve(1, addr(10 + i), name, 0, i);
    expect(s.list(1).map((r) => r.name)).toEqual(['', 'x', 'y', 'z']);
    expect(s.list(1)[0]!.address).toBe(addr(15));
  });
});

describe('MemoryInviteCodeStore', () => {
  it('issues distinct 6-character codes, deterministic per seed, single use', () => {
    const a = new MemoryInviteCodeStore(5).issue(50);
    expect(new Set(a).size).toBe(50);
    expect(new MemoryInviteCodeStore(5).issue(50)).toEqual(a);
    expect(new MemoryInviteCodeStore(6).issue(50)).not.toEqual(a);
    const s = new MemoryInviteCodeStore(1);
    s.add('a1b2c3');
    expect(s.state('A1B2C3')).toBe('available');
    expect(s.consume('A1b2C3')).toBe(true);
    expect(s.consume('a1b2c3')).toBe(false);
    expect(s.state('a1b2c3')).toBe('used');
    expect(s.state('nope!!')).toBe('unknown');
    expect(() => s.add('toolong1')).toThrow();
  });
});

describe('RateLimiter', () => {
  it('allows a burst of perMinute then refills evenly; 0 is off', () => {
    let t = 0;
    const r = new RateLimiter(60, () => t);
    for (let i = 0; i < 60; i++) expect(r.take('ip')).toBe(true);
    expect(r.take('ip')).toBe(false);
    expect(r.take('other')).toBe(true);
    t += 1000;
    expect(r.take('ip')).toBe(true);
    expect(r.take('ip')).toBe(false);
    const off = new RateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(off.take('x')).toBe(true);
  });

  it('forgets the least recent key past maxKeys', () => {
    const t = 0;
    const r = new RateLimiter(1, () => t, 2);
    expect(r.take('a')).toBe(true);
    expect(r.take('b')).toBe(true);
    expect(r.take('c')).toBe(true); // evicts a
    expect(r.take('a')).toBe(true); // a starts over, evicts b
    expect(r.take('c')).toBe(false);
  });
});

describe('Clock', () => {
  it('only moves forward and tells listeners', () => {
    const c = new Clock(() => 1000);
    const heard: number[] = [];
    c.onAdvance((n) => heard.push(n));
    expect(c.advance(500)).toBe(1500);
    expect(c.now()).toBe(1500);
    expect(() => c.advance(-1)).toThrow();
    expect(heard).toEqual([1500]);
  });
});

describe('toJson', () => {
  it('writes bigints as exact digits and otherwise agrees with JSON.stringify', () => {
    expect(toJson({ a: 2n ** 63n - 1n, b: [1, 'x', null, true], c: undefined, d: { e: -5n } })).toBe('{"a":9223372036854775807,"b":[1,"x",null,true],"d":{"e":-5}}');
    const sample = { s: 'é"\\\n\u0000', n: 1.5, arr: [[], {}], nested: { x: [1, { y: 'z' }] } };
    expect(toJson(sample)).toBe(JSON.stringify(sample));
  });
});
