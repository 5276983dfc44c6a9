import type { ActionType } from '../../protocol/wire/index.js';
import { BusinessError } from '../errors.js';
import type { ActionRegistry } from './registry.js';

/** Trading and margin actions that part 2 (matching, margin, conditionals) implements. */
export const TRADING_ACTIONS = [
  'order',
  'cancel',
  'cancelByCloid',
  'cancelAll',
  'modify',
  'updateIsolatedMargin',
  'updateLeverage',
  'updateMarginMode',
  'tpSl',
  'cancelTpSl',
  'cancelConditional',
] as const satisfies readonly ActionType[];

/**
 * Until part 2 registers them, these answer HTTP 200 with `not implemented` in the
 * action's own rejection shape (per-item errors for batches), so a client can tell
 * "this exchange cannot trade yet" from a transport failure.
 */
export function registerPlaceholders(registry: ActionRegistry): void {
  for (const type of TRADING_ACTIONS) {
    registry.register(
      type,
      () => {
        throw new BusinessError('NOT_IMPLEMENTED');
      },
      { placeholder: true },
    );
  }
}
