import { build } from '../../protocol/wire/index.js';
import { coinById, collateralCoin, deployerName, groupDeployer, type FormContext } from '../context.js';
import { choiceField } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { formatMoney } from '../../format/index.js';
import { amountOfCoinField, coinField, currentDeployer, deployerField, groupDeployerMismatch, groupField, planMovement } from '../movement.js';

/** Share-group pools (PORTFOLIO margin): movements in and out, and the share-type switch. */
const noGroups = (ctx: FormContext) => (!ctx.configs ? 'contract configuration not loaded yet' : undefined);

/** The deployer a group transfer names: the group's own when known. */
const groupOwner = (ctx: FormContext) => {
  const g = ctx.contract?.shareGroupId ?? ctx.shareGroupDefs[0]?.groupId;
  return (g === undefined ? undefined : groupDeployer(ctx.configs, g)) ?? currentDeployer(ctx);
};

export const transferMdToShareGroupForm = defineForm({
  id: 'transferMdToShareGroup',
  title: 'Deployer pool -> share group',
  actionType: 'transferMdToShareGroup',
  needs: needsFor('transferMdToShareGroup'),
  fields: {
    group: groupField(),
    deployer: deployerField('Deployer', 'the deployer pool the funds leave (the group\'s own deployer)', groupOwner),
    coin: coinField(),
    amount: amountOfCoinField(),
  },
  unavailable: noGroups,
  build(v, ctx) {
    const mismatch = groupDeployerMismatch(ctx, v.deployer, v.group);
    if (mismatch) return { ok: false, error: mismatch };
    const plan = planMovement(ctx, { kind: 'md', id: v.deployer }, { kind: 'group', id: v.group }, v.coin, v.amount);
    if (!plan.ok) return plan;
    const action = build.transferMdToShareGroup(v.deployer, v.group, v.coin, v.amount.toString());
    return { ok: true, value: { action, summary: plan.lines, alwaysConfirm: true } };
  },
});

export const transferShareGroupToMdForm = defineForm({
  id: 'transferShareGroupToMd',
  title: 'Share group -> deployer pool',
  actionType: 'transferShareGroupToMd',
  needs: needsFor('transferShareGroupToMd'),
  fields: {
    group: groupField(),
    deployer: deployerField('Deployer', 'the deployer pool the funds enter (the group\'s own deployer)', groupOwner),
    coin: coinField(),
    amount: amountOfCoinField(),
  },
  unavailable: noGroups,
  build(v, ctx) {
    const mismatch = groupDeployerMismatch(ctx, v.deployer, v.group);
    if (mismatch) return { ok: false, error: mismatch };
    const plan = planMovement(ctx, { kind: 'group', id: v.group }, { kind: 'md', id: v.deployer }, v.coin, v.amount);
    if (!plan.ok) return plan;
    const action = build.transferShareGroupToMd(v.deployer, v.group, v.coin, v.amount.toString());
    return { ok: true, value: { action, summary: plan.lines, alwaysConfirm: true } };
  },
});

export const lockIntoShareGroupForm = defineForm({
  id: 'lockIntoShareGroup',
  title: 'Lock into share group (chain -> group)',
  actionType: 'lockIntoShareGroup',
  needs: needsFor('lockIntoShareGroup'),
  fields: { group: groupField(), coin: coinField(), amount: amountOfCoinField() },
  unavailable: noGroups,
  build(v, ctx) {
    const plan = planMovement(ctx, { kind: 'chain' }, { kind: 'group', id: v.group }, v.coin, v.amount);
    if (!plan.ok) return plan;
    const action = build.lockIntoShareGroup(v.group, v.coin, v.amount.toString());
    return { ok: true, value: { action, summary: plan.lines, alwaysConfirm: true } };
  },
});

export const unlockFromShareGroupForm = defineForm({
  id: 'unlockFromShareGroup',
  title: 'Unlock from share group (group -> chain)',
  actionType: 'unlockFromShareGroup',
  needs: needsFor('unlockFromShareGroup'),
  fields: { group: groupField(), coin: coinField(), amount: amountOfCoinField() },
  unavailable: noGroups,
  build(v, ctx) {
    const plan = planMovement(ctx, { kind: 'group', id: v.group }, { kind: 'chain' }, v.coin, v.amount);
    if (!plan.ok) return plan;
    const action = build.unlockFromShareGroup(v.group, v.coin, v.amount.toString());
    const summary = [...plan.lines, 'subject to the group\'s equity and margin requirements'];
    return { ok: true, value: { action, summary, alwaysConfirm: true } };
  },
});

const SHARE_TYPES = [
  { text: 'UNIFIED', label: 'margin per market deployer' },
  { text: 'PORTFOLIO', label: 'shared share-group pools' },
];

export const setMarginShareTypeForm = defineForm({
  id: 'setMarginShareType',
  title: 'Margin share type',
  actionType: 'setMarginShareType',
  needs: needsFor('setMarginShareType'),
  fields: {
    shareType: choiceField({
      label: 'Share type',
      help: 'UNIFIED: per-deployer margin; PORTFOLIO: orders of group members draw on the group pool',
      choices: () => SHARE_TYPES,
      map: (t) => (t === 'PORTFOLIO' ? 1 : 0) as 0 | 1,
      default: (ctx) => (ctx.account?.marginShareType === 'PORTFOLIO' ? 'UNIFIED' : 'PORTFOLIO'),
    }),
  },
  build(v, ctx) {
    const target = v.shareType === 1 ? 'PORTFOLIO' : 'UNIFIED';
    const current = ctx.account?.marginShareType;
    if (current === target) return { ok: false, error: `Share type: the account is already ${target}` };
    const coin = collateralCoin(ctx.configs);
    const summary = [`Switch the account from ${current ?? 'its current type'} to ${target}; no balance moves`];
    for (const p of ctx.account?.marketDeployers ?? []) {
      summary.push(`${deployerName(ctx.configs, p.marketDeployerId)} pool: equity ${formatMoney(p.equity, coin, { symbol: true })} (unchanged)`);
    }
    for (const g of ctx.account?.shareGroups ?? []) {
      summary.push(`share group ${g.groupId}: balance ${formatMoney(g.balance, coinById(ctx.configs, g.coinId), { symbol: true })} (unchanged)`);
    }
    summary.push(
      target === 'PORTFOLIO'
        ? 'orders on share-group members will draw on the group pool: move funds into it with the share-group forms'
        : 'share-group funds stay in the group until moved out',
    );
    const action = build.setMarginShareType(v.shareType);
    return { ok: true, value: { action, summary, alwaysConfirm: true } };
  },
});
