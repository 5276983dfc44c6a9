import WebSocket from 'ws';

export interface WsMessage {
  channel: string;
  data?: unknown;
}

const REPLY_CHANNELS = new Set(['pong', 'subscriptionResponse', 'error', 'auth']);
const isReply = (m: WsMessage): boolean => REPLY_CHANNELS.has(m.channel);

/** A WebSocket that records every message, for assertions on what arrived (never on when). */
export class WsTestClient {
  readonly messages: WsMessage[] = [];
  private waiters: { pred: (m: WsMessage) => boolean; resolve: (m: WsMessage) => void }[] = [];
  closed: Promise<number>;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as WsMessage;
      this.messages.push(msg);
      for (const w of [...this.waiters]) {
        if (w.pred(msg)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          w.resolve(msg);
        }
      }
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(url: string): Promise<WsTestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new WsTestClient(ws)));
      ws.once('error', reject);
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The next message to arrive that matches pred. */
  next(pred: (m: WsMessage) => boolean = () => true): Promise<WsMessage> {
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  /**
   * Sends msg and resolves with the server's reply to it. By default a reply is a message on one
   * of the reply channels: a publication (the block loop's bbo, a snapshot) may arrive first, and
   * taking it for the reply would let the test run on before the server has read msg.
   */
  async request(msg: unknown, pred: (m: WsMessage) => boolean = isReply): Promise<WsMessage> {
    const p = this.next(pred);
    this.send(msg);
    return p;
  }

  close(): void {
    this.ws.close();
  }
}
