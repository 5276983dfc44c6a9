import { RateLimiter } from '../rateLimiter.js';
import { WS_CLOSE, WS_MESSAGE_WEIGHT, type WsLimits } from './wsLimits.js';

/**
 * What WebSocket clients may ask of the server: message weight per connection and per
 * address (upgrades included), and authentication attempts per address. Every check runs
 * before the work it pays for (parsing, a snapshot, an ECDSA recovery).
 */
export class InboundBudget {
  private readonly perConnection: RateLimiter;
  private readonly perAddress: RateLimiter;
  private readonly auth: RateLimiter;

  constructor(
    private readonly limits: Pick<WsLimits, 'messagesPerMin' | 'messagesPerMinPerIp' | 'authPerMinPerIp'>,
    now?: () => number,
  ) {
    this.perConnection = new RateLimiter(limits.messagesPerMin, now);
    this.perAddress = new RateLimiter(limits.messagesPerMinPerIp, now);
    this.auth = new RateLimiter(limits.authPerMinPerIp, now);
  }

  /** A WebSocket upgrade from `address`: false when the address has spent its budget. */
  admitUpgrade(address: string): boolean {
    return this.perAddress.take(address, WS_MESSAGE_WEIGHT.connect);
  }

  /** Charges a message; the refusal to send the client when over either budget. */
  charge(connection: number, address: string, weight: number): string | undefined {
    const close = `; closing with ${WS_CLOSE.RATE_LIMITED}`;
    if (!this.perConnection.take(String(connection), weight)) {
      return `too many messages: at most ${this.limits.messagesPerMin} per minute per connection (subscribe counts ${WS_MESSAGE_WEIGHT.subscribe}, auth ${WS_MESSAGE_WEIGHT.auth})${close}`;
    }
    if (!this.perAddress.take(address, weight)) {
      return `too many messages from ${address}: at most ${this.limits.messagesPerMinPerIp} per minute per address${close}`;
    }
    return undefined;
  }

  /** An auth attempt, before its signature is looked at; the answer when over the limit. */
  admitAuth(address: string): string | undefined {
    if (this.auth.take(address)) return undefined;
    return `too many auth attempts from ${address}: at most ${this.limits.authPerMinPerIp} per minute per address`;
  }

  forget(connection: number): void {
    this.perConnection.forget(String(connection));
  }
}
