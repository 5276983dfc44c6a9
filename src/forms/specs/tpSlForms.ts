import { formatPrice, formatSize } from '../../format/index.js';
import { formatDecimal } from '../../protocol/index.js';
import { build, type ContractConfig, type Position } from '../../protocol/wire/index.js';
import { atParNote, collateralCoin, contractById, isHedge, targetPosition, type FormContext } from '../context.js';
import { outcomeText } from '../attachedLegs.js';
import { integerField, priceField, sizeField } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { triggerOutcome, tryDecimal } from '../numbers.js';
import { markRaw, positionSize } from '../orderContext.js';

/** TP/SL forms act on the selected position (or the only one on the selected contract). */
function positionContract(ctx: FormContext): ContractConfig | undefined {
  const p = targetPosition(ctx);
  return p ? (ctx.contract?.contractId === p.contractId ? ctx.contract : contractById(ctx.configs, p.contractId)) : undefined;
}

function noPosition(ctx: FormContext): string | undefined {
  const p = targetPosition(ctx);
  if (!p) return 'select a position first (or hold exactly one on the selected contract)';
  if (!positionContract(ctx)) return `contract ${p.contractId} of the position is not in configs`;
  return undefined;
}

function describePosition(p: Position, c: ContractConfig): string {
  return `${p.isBuy ? 'long' : 'short'} ${formatSize(p.size, c)} ${c.name} (entry ${formatPrice(p.entryPx, c)})`;
}

function legs(p: Position, c: ContractConfig): string {
  const out: string[] = [];
  if (p.tp) out.push(`TP #${p.tp.id} @ ${formatPrice(p.tp.triggerPx, c)}${p.tp.sz ? ` for ${formatSize(p.tp.sz, c)}` : ''}`);
  if (p.sl) out.push(`SL #${p.sl.id} @ ${formatPrice(p.sl.triggerPx, c)}${p.sl.sz ? ` for ${formatSize(p.sl.sz, c)}` : ''}`);
  return out.length > 0 ? out.join(', ') : 'none';
}

export const tpSlForm = defineForm({
  id: 'tpSl',
  title: 'Take-profit / stop-loss',
  actionType: 'tpSl',
  needs: needsFor('tpSl'),
  fields: {
    tpPx: priceField({ label: 'TP price', help: 'take-profit trigger; empty for none', optional: true, scales: positionContract }),
    tpSz: sizeField({ label: 'TP size', help: 'empty = the whole position', optional: true, scales: positionContract }),
    slPx: priceField({ label: 'SL price', help: 'stop-loss trigger; empty for none', optional: true, scales: positionContract }),
    slSz: sizeField({ label: 'SL size', help: 'empty = the whole position', optional: true, scales: positionContract }),
  },
  unavailable: noPosition,
  build(v, ctx) {
    const p = targetPosition(ctx)!;
    const c = positionContract(ctx)!;
    if (v.tpPx === undefined && v.tpSz !== undefined) return { ok: false, error: 'TP size: needs a TP price' };
    if (v.slPx === undefined && v.slSz !== undefined) return { ok: false, error: 'SL size: needs an SL price' };
    if (v.tpPx === undefined && v.slPx === undefined) return { ok: false, error: 'TP price: set a take-profit or a stop-loss trigger (or both)' };
    const size = positionSize(p, c);
    for (const [label, sz] of [['TP size', v.tpSz], ['SL size', v.slSz]] as const) {
      if (sz !== undefined && sz > size) return { ok: false, error: `${label}: at most the position size ${formatSize(size, c)}` };
    }
    // Triggers on the wrong side of the market would fire at once; the reference is the mark, else the entry.
    const mark = markRaw(ctx, c);
    const ref = mark ?? tryDecimal(p.entryPx, c.priceScale);
    const refName = mark !== undefined ? 'the mark' : 'the entry';
    const long = p.isBuy;
    if (ref !== undefined) {
      const refText = formatPrice(ref, c);
      if (v.tpPx !== undefined && (long ? v.tpPx <= ref : v.tpPx >= ref)) {
        return { ok: false, error: `TP price: must be ${long ? 'above' : 'below'} ${refName} ${refText} for a ${long ? 'long' : 'short'} position` };
      }
      if (v.slPx !== undefined && (long ? v.slPx >= ref : v.slPx <= ref)) {
        return { ok: false, error: `SL price: must be ${long ? 'below' : 'above'} ${refName} ${refText} for a ${long ? 'long' : 'short'} position` };
      }
    }
    const leg = (px: bigint | undefined, sz: bigint | undefined) => {
      if (px === undefined) return undefined;
      const l: { triggerPx: string; sz?: string } = { triggerPx: formatDecimal(px, c.priceScale) };
      if (sz !== undefined) l.sz = formatDecimal(sz, c.qtyScale);
      return l;
    };
    const t: Parameters<typeof build.tpSl>[0] = { asset: c.contractId };
    if (isHedge(ctx.account)) t.isBuy = p.isBuy;
    const tp = leg(v.tpPx, v.tpSz);
    const sl = leg(v.slPx, v.slSz);
    if (tp) t.tp = tp;
    if (sl) t.sl = sl;
    const action = build.tpSl(t);
    const summary = [`TP/SL on ${describePosition(p, c)}; triggers consume no margin`];
    // What each trigger would make or lose from the position's entry, on the size it closes, fees aside.
    const entry = tryDecimal(p.entryPx, c.priceScale);
    const coin = collateralCoin(ctx.configs);
    const outcome = (px: bigint, sz: bigint | undefined) =>
      entry === undefined ? '' : `: ${outcomeText(triggerOutcome({ entry, trigger: px, size: sz ?? size, isBuy: long, priceScale: c.priceScale, qtyScale: c.qtyScale, coinDecimals: coin.decimals }), coin)} from the entry${atParNote(ctx.configs, c)}`;
    if (tp) summary.push(`TP: trigger ${formatPrice(tp.triggerPx, c)}, ${tp.sz === undefined ? 'whole position' : formatSize(tp.sz, c)}${outcome(v.tpPx!, v.tpSz)}`);
    if (sl) summary.push(`SL: trigger ${formatPrice(sl.triggerPx, c)}, ${sl.sz === undefined ? 'whole position' : formatSize(sl.sz, c)}${outcome(v.slPx!, v.slSz)}`);
    summary.push(`existing triggers: ${legs(p, c)}`);
    return { ok: true, value: { action, summary } };
  },
});

export const cancelTpSlForm = defineForm({
  id: 'cancelTpSl',
  title: 'Cancel TP/SL of the position',
  actionType: 'cancelTpSl',
  needs: needsFor('cancelTpSl'),
  fields: {},
  unavailable: noPosition,
  build(_v, ctx) {
    const p = targetPosition(ctx)!;
    const c = positionContract(ctx)!;
    const action = build.cancelTpSl(c.contractId, isHedge(ctx.account) ? p.isBuy : undefined);
    const summary = [`Cancel every TP/SL trigger of the ${describePosition(p, c)}`, `shown now: ${legs(p, c)} (the exchange answers with the count; 0 is not an error)`];
    return { ok: true, value: { action, summary } };
  },
});

export const cancelConditionalForm = defineForm({
  id: 'cancelConditional',
  title: 'Cancel one conditional order',
  actionType: 'cancelConditional',
  needs: needsFor('cancelConditional'),
  fields: {
    id: integerField({
      label: 'Conditional id',
      help: 'the TP or SL trigger id',
      default: (ctx) => {
        const p = targetPosition(ctx);
        const id = p?.tp?.id ?? p?.sl?.id;
        return id === undefined ? '' : String(id);
      },
    }),
  },
  unavailable: (ctx) => (ctx.contract || targetPosition(ctx) ? undefined : 'select a contract or a position first'),
  build(v, ctx) {
    const p = targetPosition(ctx);
    const c = p ? positionContract(ctx) : ctx.contract;
    if (!c) return { ok: false, error: 'select a contract or a position first' };
    const action = build.cancelConditional(c.contractId, v.id);
    const leg = p?.tp?.id === v.id ? `the TP @ ${formatPrice(p.tp.triggerPx, c)}` : p?.sl?.id === v.id ? `the SL @ ${formatPrice(p.sl.triggerPx, c)}` : 'not among the triggers shown';
    const summary = [`Cancel conditional order ${v.id} on ${c.name} (${leg})`];
    return { ok: true, value: { action, summary } };
  },
});
