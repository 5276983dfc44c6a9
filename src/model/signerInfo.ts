export type SignerRole = 'master' | 'agent';

/** What a caller may see of a signer: never the key itself. */
export interface SignerInfo {
  role: SignerRole;
  address: string;
}
