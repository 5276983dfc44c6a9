import { build } from '../../protocol/wire/index.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { amountOfCoinField, coinField, currentDeployer, deployerField, planMovement } from '../movement.js';

/** Chain balance <-> deployer pools, and between deployers (typed-path actions: master only). */
const noConfigs = (ctx: { configs: unknown }) => (ctx.configs ? undefined : 'contract configuration not loaded yet');

export const lockCollateralForm = defineForm({
  id: 'lockCollateral',
  title: 'Lock collateral (chain -> deployer)',
  actionType: 'lockCollateral',
  needs: needsFor('lockCollateral'),
  fields: {
    deployer: deployerField('Deployer', 'the market deployer whose cross pool receives the funds', currentDeployer),
    coin: coinField(),
    amount: amountOfCoinField(),
  },
  unavailable: noConfigs,
  build(v, ctx) {
    const plan = planMovement(ctx, { kind: 'chain' }, { kind: 'md', id: v.deployer }, v.coin, v.amount);
    if (!plan.ok) return plan;
    const action = build.lockCollateral(v.deployer, v.coin, v.amount.toString());
    return { ok: true, value: { action, summary: plan.lines, alwaysConfirm: true } };
  },
});

export const unlockCollateralForm = defineForm({
  id: 'unlockCollateral',
  title: 'Unlock collateral (deployer -> chain)',
  actionType: 'unlockCollateral',
  needs: needsFor('unlockCollateral'),
  fields: {
    deployer: deployerField('Deployer', 'the market deployer whose cross pool releases the funds', currentDeployer),
    coin: coinField(),
    amount: amountOfCoinField(),
  },
  unavailable: noConfigs,
  build(v, ctx) {
    const plan = planMovement(ctx, { kind: 'md', id: v.deployer }, { kind: 'chain' }, v.coin, v.amount);
    if (!plan.ok) return plan;
    const action = build.unlockCollateral(v.deployer, v.coin, v.amount.toString());
    return { ok: true, value: { action, summary: plan.lines, alwaysConfirm: true } };
  },
});

export const transferBetweenDeployersForm = defineForm({
  id: 'transferBetweenDeployers',
  title: 'Transfer between deployers',
  actionType: 'transferBetweenDeployers',
  needs: needsFor('transferBetweenDeployers'),
  fields: {
    from: deployerField('From', 'the deployer pool the funds leave', currentDeployer),
    to: deployerField('To', 'the deployer pool the funds enter', (ctx) => ctx.configs?.marketDeployers.find((m) => m.marketDeployerId !== currentDeployer(ctx))?.marketDeployerId),
    coin: coinField(),
    amount: amountOfCoinField(),
  },
  unavailable: noConfigs,
  build(v, ctx) {
    if (v.from === v.to) return { ok: false, error: 'To: the same deployer as From; nothing would move' };
    const plan = planMovement(ctx, { kind: 'md', id: v.from }, { kind: 'md', id: v.to }, v.coin, v.amount);
    if (!plan.ok) return plan;
    const action = build.transferBetweenDeployers(v.from, v.to, v.coin, v.amount.toString());
    return { ok: true, value: { action, summary: [...plan.lines, 'the chain balance is unaffected'], alwaysConfirm: true } };
  },
});
