import { WsClient } from '../client/wsClient.js';
import type { DataMessage } from '../client/wsSubscriptions.js';
import type { Subscription } from '../protocol/wire/index.js';
import type { CommandOutput } from './output.js';
import type { WatchSource } from './watch.js';

const RECONNECTED = 'websocket connected again';

function openStream(wsUrl: string, sub: Subscription, note: (message: string) => void): WsClient {
  const ws = new WsClient({ url: wsUrl });
  ws.onError((e) => note(e.message));
  let dropped = false;
  ws.onState((s) => {
    if (s.connection === 'reconnecting') dropped = true;
    else if (s.connection === 'open' && dropped) {
      dropped = false;
      note(RECONNECTED);
    }
  });
  ws.subscribe(sub);
  ws.start();
  return ws;
}

/**
 * A watch over one WebSocket channel: each data message `render` turns into an update is
 * printed. A dropped connection is a note on stderr; WsClient reconnects and subscribes
 * again by itself (the exchange then sends its snapshot again where the channel has one).
 */
export function streamSource(wsUrl: string, sub: Subscription, render: (m: DataMessage) => CommandOutput | undefined): WatchSource {
  return (sink) => {
    const ws = openStream(wsUrl, sub, (m) => sink.warn(m));
    ws.onMessage((m) => {
      const out = render(m);
      if (out) sink.emit(out);
    });
    return () => ws.close();
  };
}

export type FirstMessage<T> = { ok: true; value: T } | { ok: false; reason: 'timeout' | 'interrupted'; lastError: string | undefined };

/**
 * The first message of the channel that `pick` accepts, for a one-off read of a channel
 * that has no /info query; gives up after `timeoutMs` or when `until` resolves.
 */
export async function firstMessage<T>(wsUrl: string, sub: Subscription, pick: (m: DataMessage) => T | undefined, timeoutMs: number, until: Promise<void>): Promise<FirstMessage<T>> {
  let lastError: string | undefined;
  let settle!: (r: FirstMessage<T>) => void;
  const result = new Promise<FirstMessage<T>>((resolve) => (settle = resolve));
  const ws = openStream(wsUrl, sub, (m) => {
    if (m !== RECONNECTED) lastError = m;
  });
  ws.onMessage((m) => {
    const value = pick(m);
    if (value !== undefined) settle({ ok: true, value });
  });
  const timer = setTimeout(() => settle({ ok: false, reason: 'timeout', lastError }), timeoutMs);
  void until.then(() => settle({ ok: false, reason: 'interrupted', lastError }));
  try {
    return await result;
  } finally {
    clearTimeout(timer);
    ws.close();
  }
}
