import { build, type AgentRecord } from '../../protocol/wire/index.js';
import type { FormContext } from '../context.js';
import { addressField, integerField, textField } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { isoTime } from '../numbers.js';

/** Spec 8: one anonymous and three named agents per master. */
export const ANONYMOUS_SLOTS = 1;
export const NAMED_SLOTS = 3;
export const MAX_EXPIRY_DAYS = 3650;
export const MAX_AGENT_NAME = 64;
const DAY_MS = 86_400_000;

export interface SlotUsage {
  anonymous: number;
  named: string[];
  text: string;
}

/** Slots in use; expired records keep theirs until revoked or replaced (spec 3.2). */
export function slotUsage(agents: readonly AgentRecord[]): SlotUsage {
  const anonymous = agents.filter((a) => a.slot === 'anonymous').length;
  const named = [...new Set(agents.filter((a) => a.slot === 'named').map((a) => a.name))];
  return { anonymous, named, text: `slots: anonymous ${anonymous}/${ANONYMOUS_SLOTS}, named ${named.length}/${NAMED_SLOTS}${named.length ? ` (${named.join(', ')})` : ''}` };
}

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** What approving (address, name) would do to the slots, or why it cannot. */
export function approvalEffect(agents: readonly AgentRecord[], address: string, name: string): { ok: true; effect: string } | { ok: false; error: string } {
  const same = agents.find((a) => a.address.toLowerCase() === address);
  if (same) {
    return { ok: true, effect: `${short(address)} is already an agent ('${same.name}', ${same.slot}): its expiry is refreshed, no extra slot is used` };
  }
  if (name === '') {
    const anon = agents.find((a) => a.slot === 'anonymous');
    return { ok: true, effect: anon ? `takes the anonymous slot, replacing ${short(anon.address)}` : 'takes the free anonymous slot' };
  }
  const byName = agents.find((a) => a.slot === 'named' && a.name === name);
  if (byName) return { ok: true, effect: `replaces the named entry '${name}' (${short(byName.address)})` };
  const usage = slotUsage(agents);
  if (usage.named.length >= NAMED_SLOTS) {
    return { ok: false, error: `Name: the ${NAMED_SLOTS} named slots are full (${usage.named.join(', ')}); reuse one of those names to replace it, or revoke one first` };
  }
  return { ok: true, effect: `takes named slot ${usage.named.length + 1}/${NAMED_SLOTS}` };
}

function expiryText(validUntil: number, days: number): string {
  return validUntil === 0 ? 'never expires' : `expires ${isoTime(validUntil)} (in ${days} day${days === 1 ? '' : 's'})`;
}

export const approveAgentForm = defineForm({
  id: 'approveAgent',
  title: 'Approve agent wallet',
  actionType: 'approveAgent',
  needs: needsFor('approveAgent'),
  fields: {
    address: addressField({ label: 'Agent address', help: 'the agent wallet (generate one to have its key stored encrypted)' }),
    name: textField({ label: 'Name', help: 'empty = the anonymous slot; a name already used replaces that entry', optional: true, maxLength: MAX_AGENT_NAME }),
    days: integerField({ label: 'Expiry (days)', help: '0 = never expires', min: 0, max: () => MAX_EXPIRY_DAYS, default: () => '30' }),
  },
  build(v, ctx: FormContext) {
    const master = ctx.keys.masterAddress?.toLowerCase() ?? ctx.account?.address.toLowerCase();
    if (master !== undefined && v.address === master) return { ok: false, error: "Agent address: that is the master account's own address" };
    const name = v.name ?? '';
    const effect = approvalEffect(ctx.agents, v.address, name);
    if (!effect.ok) return effect;
    const validUntil = v.days === 0 ? 0 : ctx.now + v.days * DAY_MS;
    if (!Number.isSafeInteger(validUntil)) return { ok: false, error: 'Expiry (days): too far in the future' };
    const action = build.approveAgent(v.address, name, validUntil);
    const summary = [
      `Approve ${v.address} as ${name === '' ? 'the anonymous agent' : `agent '${name}'`}; ${expiryText(validUntil, v.days)}`,
      effect.effect,
      slotUsage(ctx.agents).text,
      'an agent may trade (orders, cancels, modify, TP/SL, leverage, margin) but never move collateral or manage agents',
    ];
    return { ok: true, value: { action, summary, alwaysConfirm: true } };
  },
});

export const revokeAgentForm = defineForm({
  id: 'revokeAgent',
  title: 'Revoke agent wallet',
  actionType: 'revokeAgent',
  needs: needsFor('revokeAgent'),
  fields: {
    address: addressField({ label: 'Agent address', help: 'the agent to revoke', default: (ctx) => ctx.selectedAgent?.address ?? '' }),
  },
  build(v, ctx) {
    const known = ctx.agents.find((a) => a.address.toLowerCase() === v.address);
    const summary = [
      known
        ? `Revoke ${v.address} ('${known.name}', ${known.slot}${known.expired ? ', expired' : ''}): frees its slot`
        : `Revoke ${v.address}: not in this account's agent list as last read; the exchange will answer for it`,
      'effective when recorded: a request already in flight may still be accepted',
      slotUsage(ctx.agents).text,
    ];
    if (ctx.keys.agentAddress?.toLowerCase() === v.address) summary.push('this is the agent key this session signs with: trading will need the master key afterwards');
    const action = build.revokeAgent(v.address);
    return { ok: true, value: { action, summary, alwaysConfirm: true } };
  },
});
