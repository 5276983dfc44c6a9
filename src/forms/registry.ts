import type { FormSpec } from './formSpec.js';
import { approveAgentForm, revokeAgentForm } from './specs/agentForms.js';
import { cancelAllForm, cancelByCloidForm, cancelForm } from './specs/cancelForms.js';
import { lockCollateralForm, transferBetweenDeployersForm, unlockCollateralForm } from './specs/collateralForms.js';
import { enrollForm, updateFeeSettingForm } from './specs/deployerForms.js';
import { isolatedMarginForm, leverageForm, marginModeForm } from './specs/marginForms.js';
import { modifyForm } from './specs/modifyForm.js';
import { orderBatchForm } from './specs/orderBatchForm.js';
import { orderForm } from './specs/orderForm.js';
import {
  lockIntoShareGroupForm,
  setMarginShareTypeForm,
  transferMdToShareGroupForm,
  transferShareGroupToMdForm,
  unlockFromShareGroupForm,
} from './specs/shareGroupForms.js';
import { cancelConditionalForm, cancelTpSlForm, tpSlForm } from './specs/tpSlForms.js';

/** Every form by id; an overlay `{kind: 'form', form: id, params}` names one of these. */
export const FORMS = {
  order: orderForm,
  orderBatch: orderBatchForm,
  modify: modifyForm,
  cancel: cancelForm,
  cancelByCloid: cancelByCloidForm,
  cancelAll: cancelAllForm,
  tpSl: tpSlForm,
  cancelTpSl: cancelTpSlForm,
  cancelConditional: cancelConditionalForm,
  leverage: leverageForm,
  marginMode: marginModeForm,
  isolatedMargin: isolatedMarginForm,
  lockCollateral: lockCollateralForm,
  unlockCollateral: unlockCollateralForm,
  transferBetweenDeployers: transferBetweenDeployersForm,
  transferMdToShareGroup: transferMdToShareGroupForm,
  transferShareGroupToMd: transferShareGroupToMdForm,
  lockIntoShareGroup: lockIntoShareGroupForm,
  unlockFromShareGroup: unlockFromShareGroupForm,
  setMarginShareType: setMarginShareTypeForm,
  approveAgent: approveAgentForm,
  revokeAgent: revokeAgentForm,
  enroll: enrollForm,
  updateFeeSetting: updateFeeSettingForm,
} as const satisfies Record<string, FormSpec>;

export type FormId = keyof typeof FORMS;
export const FORM_IDS = Object.keys(FORMS) as FormId[];

export function formById(id: string): FormSpec | undefined {
  return Object.prototype.hasOwnProperty.call(FORMS, id) ? (FORMS as Record<string, FormSpec>)[id] : undefined;
}
