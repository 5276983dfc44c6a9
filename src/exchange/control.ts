import * as v from 'valibot';
import { DecimalError, parseDecimal } from '../protocol/index.js';
import { describeIssues } from '../protocol/wire/index.js';
import type { ExchangeCore, HttpReply } from './core.js';
import { HttpError } from './errors.js';
import { MAX_FAULT_DELAY_MS, MAX_FAULTS, type FaultInjector } from './http/faults.js';

const Count = (max: number) => v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(max));

/** Bodies of `POST /control` (open-points "Test controls"); docs/exchange.md documents them. */
export const ControlRequest = v.variant('type', [
  v.object({ type: v.literal('setIndexPrice'), contractId: v.number(), px: v.string() }),
  v.object({ type: v.literal('freezeShareGroup'), groupId: v.number(), frozen: v.boolean() }),
  v.object({ type: v.literal('advanceTime'), ms: Count(366 * 24 * 3600 * 1000) }),
  v.object({ type: v.literal('dropConnections') }),
  v.object({
    type: v.literal('failNext'),
    count: Count(MAX_FAULTS),
    mode: v.picklist(['error500', 'delay', 'dropAfterApply']),
    delayMs: v.optional(Count(MAX_FAULT_DELAY_MS)),
    route: v.optional(v.picklist(['exchange', 'info', 'any'])),
  }),
  v.object({ type: v.literal('issueInviteCodes'), count: Count(1000) }),
  v.object({ type: v.literal('setPositionMode'), user: v.string(), mode: v.picklist(['ONE_WAY', 'HEDGE']) }),
  v.object({ type: v.literal('setVault'), address: v.string(), enabled: v.boolean() }),
]);
export type ControlRequest = v.InferOutput<typeof ControlRequest>;

/** Test hooks; the HTTP layer only routes here when started with control on and from loopback. */
export function handleControl(core: ExchangeCore, faults: FaultInjector, body: unknown): HttpReply {
  const parsed = v.safeParse(ControlRequest, body);
  if (!parsed.success) return core.errorReply(new HttpError('BAD_REQUEST', `control: ${describeIssues(parsed.issues)}`));
  const req = parsed.output;
  switch (req.type) {
    case 'setIndexPrice': {
      const contract = core.config.contract(req.contractId);
      if (!contract) return core.errorReply(new HttpError('NOT_FOUND', `contractId: no contract ${req.contractId}`));
      let px: bigint;
      try {
        px = parseDecimal(req.px, contract.priceScale, 'px');
      } catch (e) {
        return core.errorReply(new HttpError('BAD_REQUEST', e instanceof DecimalError ? e.message : 'px: expected a decimal string'));
      }
      if (px <= 0n) return core.errorReply(new HttpError('BAD_REQUEST', 'px: must be positive'));
      core.indexPrices.set(contract.contractId, px);
      return ok();
    }
    case 'freezeShareGroup': {
      if (!core.config.shareGroup(req.groupId)) return core.errorReply(new HttpError('NOT_FOUND', `groupId: no share group ${req.groupId}`));
      core.config.setFrozen(req.groupId, req.frozen);
      core.hub.publish('config', { event: req.frozen ? 'freeze' : 'unfreeze', groupId: req.groupId, time: core.clock.now() });
      return ok();
    }
    case 'advanceTime':
      return ok({ now: core.clock.advance(req.ms) });
    case 'dropConnections':
      return ok({ dropped: core.hub.dropAll() });
    case 'failNext':
      faults.arm(req.count, req.mode, req.delayMs ?? 0, req.route ?? 'exchange');
      return ok();
    case 'issueInviteCodes':
      return ok({ codes: core.invites.issue(req.count) });
    case 'setPositionMode': {
      // The spec names hedge mode but no action to choose it; a paper venue sets it here.
      const account = core.accounts.byAddress(req.user);
      if (!account) return core.errorReply(new HttpError('NOT_FOUND', `user: no account is registered for ${req.user.toLowerCase()}`));
      for (const h of core.trading.holdings.ofAccount(account.id)) {
        if (h.long || h.short || h.openOrders > 0) return core.errorReply(new HttpError('BAD_REQUEST', 'setPositionMode: the account has open positions or orders'));
      }
      core.accounts.setPositionMode(account.id, req.mode);
      return ok();
    }
    case 'setVault': {
      // The spec checks vault agents but names no action that makes a vault; a paper venue marks one here.
      const account = core.accounts.byAddress(req.address);
      if (!account) return core.errorReply(new HttpError('NOT_FOUND', `address: no account is registered for ${req.address.toLowerCase()}`));
      core.accounts.setVault(account.id, req.enabled);
      return ok({ accountId: account.id });
    }
  }
}

function ok(extra: Record<string, unknown> = {}): HttpReply {
  return { status: 200, body: { ok: true, ...extra } };
}
