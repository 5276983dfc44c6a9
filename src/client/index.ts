export { clientError, describeError, kindOfHttpCode, type ClientError, type ClientErrorKind, type Result } from './errors.js';
export { HttpTransport, type HttpOptions, type HttpOutcome, type HttpResponse } from './http.js';
export { InfoClient, interpretInfoResponse, httpFailure } from './infoClient.js';
export {
  ExchangeClient,
  type ExchangeClientOptions,
  type ActionOutcome,
  type BatchResult,
  type OrderItem,
  type OrderResult,
  type CancelItem,
  type CancelResult,
  type ModifyResult,
  type CancelAllResult,
  type ReconciledOutcome,
  type SendOptions,
} from './exchangeClient.js';
export { interpretExchange, type Interpreted } from './exchangeResponse.js';
export { DEFAULT_LOOKUP, lookupUntilFound, sameDecimal, modifyApplied, type Reconciled, type ReconciledItem, type LookupPolicy } from './reconcile.js';
export { SignerSet, type Signer, type SignerInfo, type SignerRole } from './signers.js';
export { CloidGenerator, isCloid } from './cloid.js';
export { NonceFileStore, type NonceFileStoreOptions } from './nonceFileStore.js';
export { ClockOffset, DEFAULT_NONCE_WINDOW, humanMs, type ClockSample, type ClockStatus, type NonceWindow } from './clockOffset.js';
export { Backoff, type BackoffOptions } from './backoff.js';
export { WsClient, type WsClientOptions, type WsSnapshot, type WsAuthPayload } from './wsClient.js';
export { type SubState, type ConnState, type DataMessage, keyOfMessage, defaultSilenceMs } from './wsSubscriptions.js';
export { Poller, type PollTask, type PollerOptions } from './poller.js';
export { type JournalEntry, type JournalOutcome, type JournalListener } from '../model/journalEntry.js';
export { defaultWsUrl } from './wsUrl.js';
