import { statSync } from 'node:fs';
import { embeddedVenueFile } from '../session/embedded.js';

/**
 * Which venue an algo belongs to, as a face can tell: a deployment by its URL; the embedded
 * exchange by its state file (device, inode and birth time), so `--fresh`, which moves the
 * file aside and starts another, is another venue. Undefined when it cannot be told (an
 * in-memory venue, no file yet): then only the account is compared.
 */
export function venueId(o: { embedded: boolean; stateDir: string; url?: string | undefined }): string | undefined {
  if (!o.embedded) return o.url === undefined ? undefined : `url:${o.url.replace(/\/+$/, '')}`;
  try {
    const st = statSync(embeddedVenueFile(o.stateDir));
    return `embedded:${st.dev}:${st.ino}:${Math.round(st.birthtimeMs)}`;
  } catch {
    return undefined;
  }
}
