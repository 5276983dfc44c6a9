import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SignerSet } from '../../src/client/signers.js';
import { addressOf } from '../../src/protocol/index.js';
import { ACTION_TYPES, AGENT_ACTIONS } from '../../src/protocol/wire/index.js';

const MASTER = '0x' + '11'.repeat(32);
const AGENT = '0x' + '22'.repeat(32);

describe('SignerSet', () => {
  it('uses the agent for agent actions and the master for the rest when both are loaded', () => {
    const s = new SignerSet({ master: MASTER, agent: AGENT });
    for (const type of ACTION_TYPES) {
      const r = s.pick(type);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.value.role).toBe(AGENT_ACTIONS.has(type) ? 'agent' : 'master');
      expect(r.value.address).toBe((AGENT_ACTIONS.has(type) ? addressOf(AGENT) : addressOf(MASTER)).toLowerCase());
    }
  });

  it('signs everything with the master when no agent is loaded', () => {
    const s = new SignerSet({ master: MASTER });
    for (const type of ACTION_TYPES) expect(s.pick(type)).toMatchObject({ ok: true, value: { role: 'master' } });
    expect(s.pickForAuth()?.role).toBe('master');
  });

  it('says plainly when an action needs the master key but only an agent key is loaded', () => {
    const s = new SignerSet({ agent: AGENT });
    expect(s.pick('order')).toMatchObject({ ok: true, value: { role: 'agent' } });
    const r = s.pick('approveAgent');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('master-key-required');
    expect(r.error.message).toMatch(/approveAgent must be signed by the master key, but only an agent key is loaded/);
    expect(s.pickForAuth()?.role).toBe('agent');
  });

  it('signs through the picked signer without handing out the key', async () => {
    const { recoverSigner } = await import('../../src/protocol/index.js');
    const s = new SignerSet({ master: MASTER, agent: AGENT });
    const r = s.pick('cancelAll');
    if (!r.ok) throw new Error('expected a signer');
    const action = { type: 'cancelAll', a: 1 };
    expect(recoverSigner(action, 42, r.value.sign(action, 42))).toBe(addressOf(AGENT).toLowerCase());
    expect(Object.keys(r.value).sort()).toEqual(['address', 'role']);
  });

  it('reports a missing key as a signature error', () => {
    const r = new SignerSet({}).pick('order');
    expect(r).toMatchObject({ ok: false, error: { kind: 'signature' } });
  });

  it('never shows a key when printed, serialised or spread', () => {
    const s = new SignerSet({ master: MASTER, agent: AGENT });
    const picked = s.pick('order');
    const texts = [inspect(s, { depth: 10, showHidden: true }), JSON.stringify(s), String(s), inspect(picked, { depth: 10, showHidden: true }), JSON.stringify(picked), JSON.stringify({ ...(picked.ok ? picked.value : {}) })];
    for (const t of texts) {
      expect(t).not.toContain('1111111111');
      expect(t).not.toContain('2222222222');
    }
  });

  it('rejects an invalid key without echoing it', () => {
    const bad = '0x' + 'ff'.repeat(32);
    expect(() => new SignerSet({ master: bad })).toThrow(/private key/);
    try {
      new SignerSet({ master: bad });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain('ffffffff');
    }
  });
});
