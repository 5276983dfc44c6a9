import { generateKeyPairSync, randomBytes } from 'node:crypto';

export interface OpenSshKeyPair {
  /** `-----BEGIN OPENSSH PRIVATE KEY-----` text, unencrypted, as `ssh-keygen -t ed25519 -N ''` writes it. */
  private: string;
  /** The authorized_keys line: `ssh-ed25519 AAAA... comment`. */
  public: string;
}

/**
 * A new ed25519 key in OpenSSH's own file format, from node's generator. Not ssh2's
 * `generateKeyPairSync('ed25519')`: in ssh2 1.17 it drops a leading zero byte of the public
 * key (about one key in 256), and the file it writes then parses nowhere, ssh2 and OpenSSH
 * included: a host key generated that way would stop the server from ever starting.
 */
export function generateEd25519(comment = ''): OpenSshKeyPair {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const pub = Buffer.from(jwk.x!, 'base64url');
  const type = Buffer.from('ssh-ed25519');
  const blob = Buffer.concat([sshString(type), sshString(pub)]);
  const check = randomBytes(4);
  const body = Buffer.concat([check, check, sshString(type), sshString(pub), sshString(Buffer.concat([seed, pub])), sshString(Buffer.from(comment))]);
  // Padded to the cipher block size (8 for "none") with 1, 2, 3, ...
  const pad = Buffer.from(Array.from({ length: (8 - (body.length % 8)) % 8 }, (_, i) => i + 1));
  const file = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    sshString(Buffer.from('none')),
    sshString(Buffer.from('none')),
    sshString(Buffer.alloc(0)),
    u32(1),
    sshString(blob),
    sshString(Buffer.concat([body, pad])),
  ]);
  const lines = file.toString('base64').match(/.{1,70}/g) ?? [];
  return {
    private: `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`,
    public: `ssh-ed25519 ${blob.toString('base64')}${comment ? ` ${comment}` : ''}`,
  };
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function sshString(data: Buffer): Buffer {
  return Buffer.concat([u32(data.length), data]);
}
