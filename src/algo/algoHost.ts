import type { Result } from '../client/errors.js';
import type { InfoClient } from '../client/infoClient.js';
import type { KeysLoaded } from '../forms/index.js';
import type { Session } from '../session/createSession.js';
import { keysLoaded } from '../session/keysLoaded.js';
import type { FormSender } from '../session/sendCall.js';
import type { AppStore } from '../state/store.js';

/** What the runner needs of a session: its store, its send path, three reads and whose account it is. */
export interface AlgoHost {
  store: Pick<AppStore, 'getState'>;
  sender: FormSender;
  info: Pick<InfoClient, 'marketState' | 'l2Book' | 'ordersByCloids'>;
  /** The account's address, for reading its orders by cloid. */
  address: string;
  keys: KeysLoaded;
  /** Reads the account into the store before each child, for a session without streams. */
  refresh?: () => Promise<Result<void>>;
  /** Calls `fn` each time the session's WebSocket is open again after a reconnect; returns how to stop. */
  onReconnect?: (fn: () => void) => () => void;
}

/**
 * The host of a running session. A live session's streams and polls keep the store's account
 * current; one opened with `live: false` (a command) asks for `refresh`.
 */
export function algoHostOf(session: Session, o: { refresh?: boolean } = {}): AlgoHost {
  const host: AlgoHost = {
    store: session.store,
    sender: session.exchange,
    info: session.info,
    address: session.address,
    keys: keysLoaded(session.exchange.signers, session.exchange.vaultAddress),
  };
  if (o.refresh) host.refresh = () => session.refresh();
  host.onReconnect = (fn) => {
    let was: string | undefined;
    return session.ws.onState((w) => {
      if (w.connection === 'open' && was !== undefined && was !== 'open' && w.reconnects > 0) fn();
      was = w.connection;
    });
  };
  return host;
}
