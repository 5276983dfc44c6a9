import { statSync } from 'node:fs';
import { archivedWhy, type AlgoHome } from './algoArchive.js';
import { AlgoLockHeld, AlgoOwnerLock } from './algoLock.js';
import { AlgoLog } from './algoLog.js';
import type { AlgoRunner, Recovery } from './algoRunner.js';
import type { AlgoState } from './algoState.js';
import { readAlgoFile } from './readAlgoFile.js';

/**
 * Who runs the algos a face shows. own: this process (its runner acts on keys); other: the
 * live process `pid` holds the owner lock, and the face shows the file as that process
 * writes it; none: nothing can run them here (monitor mode, no key).
 */
export type AlgoOwner = { kind: 'own' } | { kind: 'other'; pid: number } | { kind: 'none'; why: string };

export interface AlgoBoardState {
  /** Bumped on every change: a face redraws when it moves. */
  version: number;
  algos: readonly AlgoState[];
  owner: AlgoOwner;
  /** The runner is still reading the file back and settling what an earlier process left open. */
  loading: boolean;
  /** Why reading the file failed, when it did. */
  error?: string;
  /** Algos of the file that belong to another account or venue than this process's session (id -> why): listed, read-only. */
  archived?: ReadonlyMap<string, string>;
}

/**
 * The algos of a state directory as every face of one process sees them: an external store
 * (subscribe + snapshot, as React's useSyncExternalStore wants) over either this process's
 * runner or, when another process owns the file, the file itself read again whenever it
 * changes. A board over another owner takes the algos over once that process has gone
 * (the lock is free): its runner then marks what was running `paused (interrupted)`.
 */
export class AlgoBoard {
  private state: AlgoBoardState;
  private readonly listeners = new Set<() => void>();
  private lock: AlgoOwnerLock | undefined;
  private runnerRef: AlgoRunner | undefined;
  private offRunner: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private seen = '';
  private closed = false;

  private constructor(
    private readonly o: { stateDir: string; makeRunner?: () => AlgoRunner; watchMs: number; onRecovery?: (r: Recovery) => void; home?: AlgoHome },
    owner: AlgoOwner,
  ) {
    this.state = { version: 0, algos: [], owner, loading: false };
  }

  /**
   * Takes the owner lock and starts a runner when it can (`makeRunner` absent: this face
   * cannot trade, and only watches); else watches the file the owner writes. `home` (this
   * face's account and venue) marks another's algos archived while only watching; a runner
   * of this process judges them by its own session.
   */
  static open(o: { stateDir: string; makeRunner?: () => AlgoRunner; noRunnerWhy?: string; watchMs?: number; onRecovery?: (r: Recovery) => void; home?: AlgoHome }): AlgoBoard {
    const board = new AlgoBoard({ watchMs: 2_000, ...o }, { kind: 'none', why: o.noRunnerWhy ?? 'this session cannot trade' });
    board.claim();
    if (board.state.owner.kind !== 'own') board.watch();
    return board;
  }

  /** The runner, while this process owns the algos. */
  get runner(): AlgoRunner | undefined {
    return this.runnerRef;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): AlgoBoardState => this.state;

  /** Pauses what runs here (with `reason`), lets steps in flight finish, and gives the lock back. */
  async close(reason: string): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    const runner = this.runnerRef;
    if (runner) {
      for (const s of runner.list()) if (s.status === 'running') await runner.pause(s.plan.id, reason);
      await runner.stop();
    }
    this.offRunner?.();
    this.lock?.release();
    this.listeners.clear();
  }

  private set(change: Partial<AlgoBoardState>): void {
    this.state = { ...this.state, ...change, version: this.state.version + 1 };
    for (const l of [...this.listeners]) l();
  }

  /** Takes the lock when a runner can be made; true when this process now owns the algos. */
  private claim(): boolean {
    if (!this.o.makeRunner) return false;
    try {
      this.lock = AlgoOwnerLock.acquire(this.o.stateDir);
    } catch (e) {
      if (e instanceof AlgoLockHeld) {
        this.set({ owner: { kind: 'other', pid: e.pid } });
        return false;
      }
      this.set({ owner: { kind: 'none', why: e instanceof Error ? e.message : String(e) } });
      return false;
    }
    const runner = this.o.makeRunner();
    this.runnerRef = runner;
    clearInterval(this.timer);
    const algosOf = () => {
      const algos = runner.list();
      const archived = new Map<string, string>();
      for (const s of algos) {
        const why = runner.archivedWhy(s);
        if (why) archived.set(s.plan.id, why);
      }
      return { algos, archived };
    };
    this.offRunner = runner.onChange(() => this.set(algosOf()));
    this.set({ owner: { kind: 'own' }, loading: true });
    runner.start().then(
      (recovery) => {
        this.set({ ...algosOf(), loading: false });
        this.o.onRecovery?.(recovery);
      },
      (e: unknown) => this.set({ loading: false, error: `algos not read back: ${e instanceof Error ? e.message : String(e)}` }),
    );
    return true;
  }

  private watch(): void {
    this.reread();
    this.timer = setInterval(() => {
      if (this.closed) return;
      const owner = this.state.owner;
      // The owner has gone: take over (its running algos come back paused), or keep watching.
      if (owner.kind === 'other' && AlgoOwnerLock.holder(this.o.stateDir) === undefined && this.claim()) return;
      this.reread();
    }, this.o.watchMs);
    this.timer.unref();
  }

  /** Reads the file again when its size or time changed since the last look. */
  private reread(): void {
    const path = new AlgoLog(this.o.stateDir).path;
    let stamp = 'absent';
    try {
      const st = statSync(path);
      stamp = `${st.size}:${st.mtimeMs}`;
    } catch {
      /* no file yet: no algos */
    }
    if (stamp === this.seen) return;
    this.seen = stamp;
    try {
      const algos = readAlgoFile(this.o.stateDir).algos;
      const home = this.o.home;
      if (!home) {
        this.set({ algos });
        return;
      }
      const archived = new Map<string, string>();
      for (const s of algos) {
        const why = archivedWhy(s.plan, home);
        if (why) archived.set(s.plan.id, why);
      }
      this.set({ algos, archived });
    } catch (e) {
      this.set({ error: `algos not read: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
}
