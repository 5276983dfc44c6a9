import type { Binding, CommandId } from '../../keymap/index.js';

/**
 * Commands that sign and send something. Monitor mode (--read-only) hides them from help
 * and the palette and refuses their keys, since no key is loaded to sign with.
 */
export const WRITE_COMMANDS: ReadonlySet<CommandId> = new Set<CommandId>([
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
  'form.override',
  'order.batch',
  'order.cancelByCloid',
  'position.cancelTpSl',
  'conditional.cancel',
  'book.ladder',
  'collateral.lock',
  'collateral.unlock',
  'collateral.transfer',
  'collateral.toGroup',
  'collateral.fromGroup',
  'collateral.lockGroup',
  'collateral.unlockGroup',
  'collateral.shareType',
  'agents.generate',
  'agents.approve',
]);

export function isWriteCommand(id: CommandId): boolean {
  return WRITE_COMMANDS.has(id);
}

/** The bindings a mode can use: everything when trading, no write command in monitor mode. */
export function usableBindings(bindings: readonly Binding[], readOnly: boolean): readonly Binding[] {
  return readOnly ? bindings.filter((b) => !isWriteCommand(b.id)) : bindings;
}

export const READ_ONLY_REFUSAL = 'monitor mode (--read-only): no key is loaded, so nothing can be signed or sent';
