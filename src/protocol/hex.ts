import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex as nobleBytesToHex, hexToBytes as nobleHexToBytes } from '@noble/hashes/utils.js';

export type Hex = `0x${string}`;

const utf8 = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}

export function keccak256(data: Uint8Array): Uint8Array {
  return keccak_256(data);
}

export function keccakUtf8(text: string): Uint8Array {
  return keccak_256(utf8.encode(text));
}

export function toHex(bytes: Uint8Array): Hex {
  return `0x${nobleBytesToHex(bytes)}`;
}

/** Parses 0x-prefixed (or bare) hex of an exact byte length; `what` names the field in errors. */
export function fromHex(hex: string, byteLength: number | undefined, what: string): Uint8Array {
  const body = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) {
    throw new Error(`${what}: not a hex string`);
  }
  if (byteLength !== undefined && body.length !== byteLength * 2) {
    throw new Error(`${what}: expected ${byteLength} bytes, got ${body.length / 2}`);
  }
  return nobleHexToBytes(body);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Big-endian unsigned encoding of `value` into exactly `byteLength` bytes. */
export function uintBytes(value: bigint, byteLength: number, what: string): Uint8Array {
  if (value < 0n || value >= 1n << BigInt(byteLength * 8)) {
    throw new Error(`${what}: ${value} does not fit in ${byteLength * 8} unsigned bits`);
  }
  const out = new Uint8Array(byteLength);
  let v = value;
  for (let i = byteLength - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}
