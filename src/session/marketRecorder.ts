import type { HttpTransport } from '../client/http.js';
import type { WsClient } from '../client/wsClient.js';
import { DEFAULT_LIMITS, recordingsDir, type RecordingLimits } from '../record/recordingFiles.js';
import { RecordingWriter, type RecordingStatus } from '../record/recordingWriter.js';
import type { AppStore } from '../state/store.js';
import { prepareStateDir } from './stateDir.js';

export interface MarketRecorderOptions {
  stateDir: string;
  limits?: Partial<RecordingLimits>;
  ws: WsClient;
  http: HttpTransport;
  store: AppStore;
  venue: string;
  account: string;
  face?: string;
  onError(message: string): void;
}

/**
 * The session's market recording (docs/recording.md): every text frame the WebSocket
 * receives and every `/info` answer, as received, to `<stateDir>/recordings/`. Only what
 * comes in is recorded, never what goes out: the sign-in, the signed actions and the
 * `/exchange` answers never reach a file, so no key, signature or nonce does.
 */
export class MarketRecorder {
  private readonly writer: RecordingWriter;
  private readonly unhook: (() => void)[] = [];
  private stopped: Promise<void> | undefined;

  constructor(o: MarketRecorderOptions) {
    const dir = recordingsDir(o.stateDir);
    prepareStateDir(dir);
    const limits = { ...DEFAULT_LIMITS, ...o.limits };
    // The newest configs answer, so a file's header has them even before the store does.
    let configs: unknown;
    this.writer = new RecordingWriter({
      dir,
      limits,
      header: () => {
        const s = o.store.getState();
        return {
          venue: o.venue,
          account: o.account,
          ...(o.face !== undefined ? { face: o.face } : {}),
          subscriptions: Object.keys(s.session.channels ?? {}),
          configs: configs ?? s.market.configs,
        };
      },
      onError: o.onError,
    });
    this.unhook.push(o.ws.onText((text) => this.writer.message(text)));
    let up = false;
    this.unhook.push(
      o.ws.onState((st) => {
        const nowUp = st.connection === 'open' || st.connection === 'authenticating';
        if (up && st.connection === 'reconnecting') this.writer.disconnect();
        up = nowUp;
      }),
    );
    this.unhook.push(
      o.http.onResponse((r, req) => {
        // Only reads: an /exchange answer is about what was signed, and is never recorded.
        if (req.path !== '/info' || r.status !== 200 || r.jsonError !== undefined) return;
        if (req.payload.startsWith('{"type":"configs"')) configs = r.body;
        this.writer.info(req.payload, r.text);
      }),
    );
  }

  status(): RecordingStatus {
    return this.writer.status();
  }

  /** Stops recording; resolves once the last file is complete on disk. */
  stop(): Promise<void> {
    if (!this.stopped) {
      for (const u of this.unhook) u();
      this.stopped = this.writer.close();
    }
    return this.stopped;
  }
}
