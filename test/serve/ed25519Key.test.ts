import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { generateEd25519 } from '../../src/serve/ed25519Key.js';

describe('generateEd25519', () => {
  // OpenSSH reading one (as ssh -i) is checked in openssh.e2e.test.ts.
  it('writes keys that ssh2 reads, the same public key from either half, that sign and verify', () => {
    // Enough keys that a leading zero byte (1 in 256 per key) turns up in most runs.
    for (let i = 0; i < 400; i++) {
      const k = generateEd25519(i % 2 ? 'c' : '');
      const priv = ssh2.utils.parseKey(k.private);
      const pub = ssh2.utils.parseKey(k.public);
      if (priv instanceof Error || pub instanceof Error) throw new Error(`key ${i} does not parse: ${String(priv)} ${String(pub)}`);
      expect(priv.getPublicSSH().equals(pub.getPublicSSH())).toBe(true);
      if (i % 40 === 0) {
        const data = Buffer.from('challenge');
        expect(pub.verify(data, priv.sign(data))).toBe(true);
      }
    }
    expect(generateEd25519('perpdesk test').public).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]{43} perpdesk test$/);
  });
});
