import type { CommandId } from '../../keymap/index.js';
import { view } from '../view/viewStore.js';
import type { CommandHandler, CommandTable } from './types.js';

/**
 * Handlers of the commands that open order, position, margin, collateral and agent forms.
 * Issue 7 (the order forms) replaces this whole file with the real handlers; until then
 * each key says plainly that the form is not there yet instead of doing nothing.
 */
const TRADING_IDS = [
  'order.buy',
  'order.sell',
  'order.cancelAll',
  'order.modify',
  'order.cancel',
  'position.tpsl',
  'position.flatten',
  'position.reverse',
  'position.closeHalf',
  'margin.leverage',
  'margin.mode',
  'margin.isolated',
  'collateral.move',
  'agents.manage',
  'agents.revoke',
  'deployer.enroll',
  'fees.set',
  'book.buyAtCursor',
  'book.sellAtCursor',
  'book.joinBid',
  'book.joinAsk',
  'form.submit',
  'form.nextField',
  'form.prevField',
  'form.toggle',
] as const satisfies readonly CommandId[];

export const COMING_WITH_FORMS = 'coming with the order forms';

function comingSoon(id: CommandId): CommandHandler {
  return ({ app }) => view.notify(app.view, `${id}: ${COMING_WITH_FORMS}`, 'info');
}

export const TRADING_COMMANDS: CommandTable = {
  ...Object.fromEntries(TRADING_IDS.map((id) => [id, comingSoon(id)])),
  'form.cancel': ({ app }) => view.closeOverlay(app.view),
};
