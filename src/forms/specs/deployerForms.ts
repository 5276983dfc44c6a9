import { formatDecimal } from '../../protocol/index.js';
import { build } from '../../protocol/wire/index.js';
import { deployerName, type FormContext } from '../context.js';
import { addressField, decimalField } from '../field.js';
import { defineForm } from '../formSpec.js';
import { needsFor } from '../keyRequirement.js';
import { deployerField, isEnrolled } from '../movement.js';
import { RATE_ONE, RATE_SCALE } from '../numbers.js';

const noConfigs = (ctx: FormContext) => (ctx.configs ? undefined : 'contract configuration not loaded yet');

export const enrollForm = defineForm({
  id: 'enroll',
  title: 'Enroll in a market deployer',
  actionType: 'enrollUserToMarketDeployer',
  needs: needsFor('enrollUserToMarketDeployer'),
  fields: {
    deployer: deployerField('Deployer', 'the market deployer whose contracts you want to trade', (ctx) => {
      const free = ctx.configs?.marketDeployers.find((m) => isEnrolled(ctx, m.marketDeployerId) === false);
      return (free ?? ctx.configs?.marketDeployers[0])?.marketDeployerId;
    }),
  },
  unavailable: noConfigs,
  build(v, ctx) {
    if (isEnrolled(ctx, v.deployer) === true) return { ok: false, error: `Deployer: already enrolled in ${deployerName(ctx.configs, v.deployer)}` };
    const contracts = (ctx.configs?.contracts ?? []).filter((c) => c.marketDeployerId === v.deployer && c.status === 'Active').map((c) => c.name);
    const summary = [
      `Enroll in ${deployerName(ctx.configs, v.deployer)}`,
      `its active contracts: ${contracts.length ? contracts.join(', ') : 'none listed'}; lock collateral into its pool to trade them`,
    ];
    const action = build.enroll(v.deployer);
    return { ok: true, value: { action, summary, alwaysConfirm: true } };
  },
});

/** A fee rate is a fraction (0.0005 = 0.05 %); anything past 100 % is a typo, not a rate. */
function rateField(label: string, signed: boolean) {
  return decimalField({
    label,
    help: `a fraction with up to ${RATE_SCALE} decimals, e.g. 0.0005 for 0.05 %${signed ? '; negative is a rebate' : ''}`,
    scale: () => RATE_SCALE,
    signed,
  });
}

export const updateFeeSettingForm = defineForm({
  id: 'updateFeeSetting',
  title: 'Fee setting (deployer operator)',
  actionType: 'updateFeeSetting',
  needs: needsFor('updateFeeSetting'),
  fields: {
    deployer: deployerField('Deployer', 'the deployer whose fees to set (you must be its operator)', (ctx) => {
      const me = ctx.keys.masterAddress?.toLowerCase();
      return ctx.configs?.marketDeployers.find((m) => me !== undefined && m.operator?.toLowerCase() === me)?.marketDeployerId ?? ctx.contract?.marketDeployerId;
    }),
    user: addressField({ label: 'User', help: 'the account whose taker and maker rates to override' }),
    taker: rateField('Taker fee rate', false),
    maker: rateField('Maker fee rate', true),
  },
  unavailable: noConfigs,
  build(v, ctx) {
    const md = ctx.configs?.marketDeployers.find((m) => m.marketDeployerId === v.deployer);
    const me = ctx.keys.masterAddress?.toLowerCase();
    if (md?.operator !== undefined && me !== undefined && md.operator.toLowerCase() !== me) {
      return { ok: false, error: `Deployer: only its operator ${md.operator} may set fees; this session's master key is ${me}` };
    }
    for (const [label, r] of [['Taker fee rate', v.taker], ['Maker fee rate', v.maker]] as const) {
      if (r > RATE_ONE || r < -RATE_ONE) return { ok: false, error: `${label}: a fraction between -1 and 1 (0.0005 = 0.05 %)` };
    }
    const taker = formatDecimal(v.taker, RATE_SCALE);
    const maker = formatDecimal(v.maker, RATE_SCALE);
    const action = build.updateFeeSetting(v.deployer, v.user, taker, maker);
    const summary = [
      `Set ${v.user}'s fees in ${deployerName(ctx.configs, v.deployer)}: taker ${taker}, maker ${maker}`,
      'user-level overrides take priority over the contract and deployer rates',
    ];
    return { ok: true, value: { action, summary, alwaysConfirm: true } };
  },
});
