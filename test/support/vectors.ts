import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Signing vectors made with two independent EIP-712 implementations; test/fixtures/README.md says where from. */
export const VECTORS_PATH = fileURLToPath(new URL('../fixtures/signing-vectors.json', import.meta.url));

export interface VectorCase {
  name: string;
  path: 'typed' | 'agent';
  privateKey: string;
  address: string;
  action: { type: string } & Record<string, unknown>;
  nonce: number;
  canonicalJson?: string;
  actionHash?: string;
  hashStruct: string;
  digest: string;
  domainSeparator: string;
  signature: { r: string; s: string; v: number };
}

export interface NegativeCase {
  name: string;
  signerAddress: string;
  action: { type: string } & Record<string, unknown>;
  nonce: number;
  correctDigest: string;
  signature: { r: string; s: string; v: number };
  recoversToUnderCorrectScheme: string | null;
}

export interface Vectors {
  domainSeparator: string;
  keys: Record<string, { privateKey: string; address: string }>;
  cases: VectorCase[];
  negativeCases: NegativeCase[];
}

export function loadVectors(): Vectors {
  return JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as Vectors;
}
