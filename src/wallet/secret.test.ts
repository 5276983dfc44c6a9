import { format, inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeySourceError } from './errors.js';
import { PrivateKey } from './secret.js';

// Known key -> address pairs: the Web3 Secret Storage vector key, the
// web3.js docs example, and Hardhat/Anvil's well-known account #0.
const KNOWN: Array<[string, string]> = [
  ['7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d', '0x008AeEda4D805471dF9b2A5B0f38A0C3bCBA786b'],
  ['4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23'],
  ['ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
];
const HEX = KNOWN[0]![0];
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const hex32 = (v: bigint) => v.toString(16).padStart(64, '0');

/** Every rendering a key could plausibly leak through. */
function renderings(k: PrivateKey): string[] {
  const nested = { wallet: { key: k, list: [k] } };
  return [
    String(k),
    `${k}`,
    k + '',
    k.toString(),
    JSON.stringify(k),
    JSON.stringify(nested),
    inspect(k),
    inspect(nested, { depth: Infinity, showHidden: true }),
    inspect(k, { customInspect: true, showHidden: true, getters: true }),
    format('%s %o %O %j', k, k, nested, nested),
    new Error(`bad key ${k}`).message,
    JSON.stringify(Object.entries(k)),
    JSON.stringify(structuredClone(nested)),
  ];
}

/** True if text shows the bytes as hex, spaced hex (Buffer inspect), decimals (array inspect) or base64. */
function leaks(text: string, bytes: Uint8Array): boolean {
  const head = bytes.slice(0, 8);
  const hex = Buffer.from(head).toString('hex');
  const squashed = text.replace(/\s+/g, '').toLowerCase();
  return (
    squashed.includes(hex) ||
    squashed.includes(Array.from(head).join(',')) ||
    text.includes(Buffer.from(bytes).toString('base64').slice(0, 12))
  );
}

describe('PrivateKey parsing and address', () => {
  it.each(KNOWN)('derives the EIP-55 address of %s', (hex, address) => {
    expect(PrivateKey.fromHex(hex).address).toBe(address);
  });

  it('accepts 0x, uppercase and surrounding whitespace', () => {
    const a = PrivateKey.fromHex(HEX);
    for (const v of [`0x${HEX}`, `0X${HEX.toUpperCase()}`, `  ${HEX}\n`, `\t0x${HEX}\r\n`]) {
      expect(PrivateKey.fromHex(v).equals(a)).toBe(true);
    }
    expect(Buffer.from(a.bytes()).toString('hex')).toBe(HEX);
  });

  it('checks the scalar range 0 < k < n', () => {
    expect(PrivateKey.fromHex(hex32(1n)).address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(() => PrivateKey.fromHex(hex32(N - 1n))).not.toThrow();
    for (const v of [0n, N, N + 1n, 2n ** 256n - 1n]) {
      expect(() => PrivateKey.fromHex(hex32(v))).toThrow(/out of range/);
    }
  });

  it('rejects malformed input with errors that never echo it', () => {
    const bad = [
      HEX.slice(0, 62), // short
      HEX + 'ab', // long
      HEX.slice(0, 63) + 'g', // non-hex
      `0x ${HEX}`,
      `${HEX.slice(0, 32)} ${HEX.slice(32)}`,
      'correct horse battery staple mnemonic words here',
      hex32(N), // right shape, out of range
      hex32(0n),
    ];
    for (const input of bad) {
      let err: unknown;
      try {
        PrivateKey.fromHex(input);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(KeySourceError);
      const e = err as KeySourceError;
      expect(e.kind).toBe('format');
      const shown = `${e.message}\n${e.stack}\n${inspect(e)}\n${JSON.stringify(e)}`;
      expect(shown).not.toContain(input.trim().slice(0, 12));
      expect(shown).not.toContain('correct horse');
    }
    expect(() => PrivateKey.fromHex(42 as unknown as string)).toThrow(KeySourceError);
    expect(() => PrivateKey.fromBytes(new Uint8Array(31))).toThrow(/32 bytes/);
  });

  it('generates distinct valid keys', () => {
    const a = PrivateKey.generate();
    const b = PrivateKey.generate();
    expect(a.equals(b)).toBe(false);
    expect(() => PrivateKey.fromBytes(a.bytes())).not.toThrow();
    expect(a.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});

describe('PrivateKey redaction', () => {
  it('has a leak detector that actually detects leaks', () => {
    const bytes = PrivateKey.fromHex(HEX).bytes();
    for (const shown of [
      HEX,
      inspect(bytes),
      inspect(Buffer.from(bytes)),
      JSON.stringify(Array.from(bytes)),
      Buffer.from(bytes).toString('base64'),
    ]) {
      expect(leaks(shown, bytes)).toBe(true);
    }
    expect(leaks('PrivateKey(<redacted>)', bytes)).toBe(false);
  });

  it('shows PrivateKey(<redacted>) on every string path', () => {
    const k = PrivateKey.fromHex(HEX);
    expect(String(k)).toBe('PrivateKey(<redacted>)');
    expect(`${k}`).toBe('PrivateKey(<redacted>)');
    expect(JSON.stringify(k)).toBe('"PrivateKey(<redacted>)"');
    expect(inspect(k)).toBe('PrivateKey(<redacted>)');
    expect(Object.keys(k)).toEqual([]);
    for (const text of renderings(k)) expect(leaks(text, k.bytes())).toBe(false);
  });

  it('does not leak through console.log', () => {
    const k = PrivateKey.fromHex(HEX);
    const out: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void out.push(format(...args));
    try {
      console.log(k, { k });
    } finally {
      console.log = original;
    }
    expect(out.join('')).toContain('PrivateKey(<redacted>)');
    expect(leaks(out.join(''), k.bytes())).toBe(false);
  });

  it('redacts for arbitrary keys (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        let k: PrivateKey;
        try {
          k = PrivateKey.fromBytes(bytes);
        } catch {
          return; // zero or >= n: vanishingly rare, and rejected correctly
        }
        expect(k.bytes()).toEqual(bytes);
        for (const text of renderings(k)) expect(leaks(text, bytes)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('hands out copies, and wipe() disables the key', () => {
    const k = PrivateKey.fromHex(HEX);
    const copy = k.bytes();
    copy.fill(0);
    expect(Buffer.from(k.bytes()).toString('hex')).toBe(HEX);
    const src = Uint8Array.from(Buffer.from(HEX, 'hex'));
    const k2 = PrivateKey.fromBytes(src);
    src.fill(0);
    expect(k2.equals(k)).toBe(true);
    k.wipe();
    expect(() => k.bytes()).toThrow(/wiped/);
    expect(k.equals(k2)).toBe(false);
  });
});
