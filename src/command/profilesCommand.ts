import * as v from 'valibot';
import { loadedConfigFile, type Profile } from '../startup/config.js';
import type { CommandSpec } from './commandSpec.js';

/**
 * `perpdesk profiles`: the accounts the config file names, read from the file alone: no key
 * is opened and nothing is asked of an exchange, so it answers at once and never prompts.
 */

const KeyRef = v.object({ kind: v.picklist(['keystore', 'key file']), file: v.string() });

const ProfileRow = v.object({
  name: v.string(),
  /** The run without --profile uses this one. */
  default: v.boolean(),
  target: v.picklist(['url', 'embedded']),
  url: v.optional(v.string()),
  ws: v.optional(v.string()),
  address: v.optional(v.string()),
  readOnly: v.boolean(),
  agentKey: v.optional(KeyRef),
  masterKey: v.optional(KeyRef),
  vault: v.optional(v.string()),
});

export const ProfilesOutput = v.array(ProfileRow);
type Row = v.InferOutput<typeof ProfileRow>;

function keyRef(keystore: string | undefined, keyFile: string | undefined): Row['agentKey'] {
  if (keystore !== undefined) return { kind: 'keystore', file: keystore };
  if (keyFile !== undefined) return { kind: 'key file', file: keyFile };
  return undefined;
}

export function profileRow(name: string, p: Profile, isDefault: boolean): Row {
  const agentKey = keyRef(p.agentKeystore, p.agentKeyFile);
  const masterKey = keyRef(p.keystore, p.keyFile);
  return {
    name,
    default: isDefault,
    target: p.url === undefined ? 'embedded' : 'url',
    ...(p.url !== undefined ? { url: p.url } : {}),
    ...(p.ws !== undefined ? { ws: p.ws } : {}),
    ...(p.address !== undefined ? { address: p.address } : {}),
    readOnly: p.readOnly === true,
    ...(agentKey ? { agentKey } : {}),
    ...(masterKey ? { masterKey } : {}),
    ...(p.vault !== undefined ? { vault: p.vault } : {}),
  };
}

function keysText(r: Row): string {
  const parts = [r.agentKey && `agent ${r.agentKey.kind}`, r.masterKey && `master ${r.masterKey.kind}`].filter(Boolean);
  if (r.readOnly) return parts.length ? `none loaded (${parts.join(', ')} kept)` : 'none';
  return parts.join(', ') || 'demo keys';
}

export const profilesCommand: CommandSpec = {
  path: ['profiles'],
  summary: 'the config file\'s profiles: name, target, account, read-only or trading, which keys (no key is opened)',
  writes: false,
  schema: () => ProfilesOutput,
  run: async (r) => {
    const rows = Object.entries(r.config.profiles ?? {}).map(([name, p]) => profileRow(name, p, r.config.profile === name));
    if (rows.length === 0) {
      const file = loadedConfigFile();
      return { json: [], human: [`no profiles in ${file ?? 'the config file'}: add "profiles" to it (perpdesk --help, Profiles)`] };
    }
    return {
      json: rows,
      human: {
        columns: ['NAME', 'TARGET', 'ADDRESS', 'MODE', 'KEYS', 'VAULT'],
        rows: rows.map((x) => [
          x.default ? `${x.name} (default)` : x.name,
          x.url ?? 'embedded',
          x.address ?? (x.target === 'embedded' ? 'demo account' : ''),
          x.readOnly ? 'read-only' : 'trading',
          keysText(x),
          x.vault ?? '',
        ]),
      },
    };
  },
};
