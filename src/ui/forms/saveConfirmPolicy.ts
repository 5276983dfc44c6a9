import { readFileSync, realpathSync } from 'node:fs';
import type { ConfirmKind, KindPolicy } from '../../forms/index.js';
import { ConfigError, parseConfig } from '../../startup/config.js';
import { errCode, writeFileAtomicSync } from '../../wallet/fsutil.js';

/**
 * Writes one kind's confirm policy into the config file (`confirm.<kind>`): read, change
 * that one key, write back whole through the safe writer (0600, write-then-rename), so the
 * user's other keys stay as they were. A file that does not parse is left alone: the
 * change is refused rather than overwrite what the user wrote. The result is checked with
 * the same schema the next start will use. A symbolic link at the name (a dotfiles
 * checkout) is written through to its target, as an editor would.
 */
export function saveConfirmPolicy(file: string, kind: ConfirmKind, policy: KindPolicy): void {
  let target = file;
  let text = '';
  try {
    target = realpathSync(file);
    text = readFileSync(target, 'utf8');
  } catch (e) {
    if (errCode(e) !== 'ENOENT') throw new ConfigError(`${file}: cannot read (${errCode(e) ?? String(e)})`);
  }
  let json: unknown = {};
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ConfigError(`${file}: not valid JSON, left unchanged`);
    }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ConfigError(`${file}: not a JSON object, left unchanged`);
  const doc = json as Record<string, unknown>;
  const confirm = doc['confirm'];
  if (confirm !== undefined && (typeof confirm !== 'object' || confirm === null || Array.isArray(confirm))) {
    throw new ConfigError(`${file}: confirm: not an object, left unchanged`);
  }
  const next = { ...doc, confirm: { ...(confirm as Record<string, unknown> | undefined), [kind]: policy } };
  const out = `${JSON.stringify(next, null, 2)}\n`;
  parseConfig(out, file);
  writeFileAtomicSync(target, out, true);
}
