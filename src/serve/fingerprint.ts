import { createHash } from 'node:crypto';

/**
 * OpenSSH's fingerprint of a public key (`ssh-keygen -l`): SHA-256 of the key's wire blob,
 * base64 without its `=` padding, after `SHA256:`. The same text a client prints for the
 * host key and a viewer's key shows in the log, so both can be compared by eye.
 */
export function sshFingerprint(publicBlob: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(publicBlob).digest('base64').replace(/=+$/, '')}`;
}
