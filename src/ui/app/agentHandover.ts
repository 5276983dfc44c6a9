import type { PrivateKey } from '../../wallet/index.js';

/**
 * A new agent key on its way from the generate form to the session's signer. It is held (in
 * memory only, never in the view state) from the moment it is saved until the exchange has
 * approved it; then the dashboard opens its session again signing with it. At most one key is
 * held: a newer one, or the screen ending, wipes the older.
 */
export class AgentHandover {
  #held: PrivateKey | undefined;

  constructor(private readonly use: (key: PrivateKey) => void) {}

  /** Keeps `key` until its approval; the caller gives up its own reference. */
  hold(key: PrivateKey): void {
    if (this.#held && this.#held !== key) this.#held.wipe();
    this.#held = key;
  }

  /** The exchange approved `address`: when it is the key held, the session signs with it from now on. */
  approved(address: string): boolean {
    const key = this.#held;
    if (!key || key.address.toLowerCase() !== address.toLowerCase()) return false;
    this.#held = undefined;
    this.use(key);
    return true;
  }

  /** The screen ends without the approval: the key is not needed in memory any more. */
  dispose(): void {
    this.#held?.wipe();
    this.#held = undefined;
  }
}
