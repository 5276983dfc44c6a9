import { PassThrough } from 'node:stream';
import type { ViewerIo } from '../../serve/viewer.js';
import { ViewerInput } from '../../serve/viewerStreams.js';
import { mountDashboard, type DashboardCore, type MountedScreen } from '../app/mountDashboard.js';
import type { ColorLevel } from '../theme/tokens.js';
import type { ViewStore } from '../view/viewStore.js';
import type { ScreenTurns } from './screenTurns.js';
import { viewerSession } from './viewerSession.js';

/**
 * Viewers who only watch share one screen. On a desk most SSH viewers never press a key:
 * they see the same dashboard at the same size, colours and rights, and rendering it once
 * per change for each of them was most of what `perpdesk serve` cost (docs/performance.md,
 * "Watchers share one screen"). A watch group is one mounted dashboard (its own view store,
 * no keyboard) whose changed-cells output is written to every member's channel: one React
 * render, one layout and one diff per change for the whole group, and one channel write per
 * member. A member that joins late is drawn the group's whole screen first
 * (DiffingStdout.catchUp), after which the group's frames apply to it as they are.
 *
 * A viewer leaves its group at its first key or resize: it gets a screen of its own, mounted
 * with a copy of the group's view (same contract, focus, theme, notices), and the key goes to
 * that screen, so nothing typed is lost and nothing a viewer does reaches another's screen.
 * The group's screen unmounts with its last member.
 *
 * The group's screen hears the store on a turn of its own, and its frame reaches the members'
 * channels FAN_OUT_PER_TURN at a time, a turn each (screenTurns.ts): writing one frame to 100
 * channels is 100 ssh2 encryptions and socket writes, which held a typing viewer's key for
 * 6-30 ms when done in one go.
 */

/** Members' channels a group frame is written to in one turn of the event loop. */
export const FAN_OUT_PER_TURN = 20;

/** What makes screens draw alike: the same size, colour depth and trading rights. */
export interface WatchKey {
  cols: number;
  rows: number;
  level: ColorLevel;
  readOnly: boolean;
}

export interface Member {
  /** Resolves once the viewer's screen (shared or its own) is gone and its terminal restored. */
  closed: Promise<void>;
  close(): void;
}

export interface WatchGroupsOptions {
  core: DashboardCore;
  /** A new view store for a screen, set up as the server sets up every viewer's. */
  newView: () => ViewStore;
  /** Every screen's view store while it is mounted, so the server can tell it things (viewer counts, notices). */
  onView: (view: ViewStore, live: boolean) => void;
  /** Mounts a viewer's own screen (its first key or resize); resolves when the viewer quits. */
  mountOwn: (io: ViewerIo, view: ViewStore) => { closed: Promise<void>; close(): void };
  /** The server's turns: the group's store changes and its frames' channel writes take them. */
  turns: ScreenTurns;
}

/** A fan-out terminal: the group's screen writes here, each member's channel gets the bytes. */
class GroupTerminal extends PassThrough {
  readonly isTTY = true as const;
  readonly members = new Set<NodeJS.WriteStream>();
  constructor(
    readonly columns: number,
    readonly rows: number,
    private readonly turns: ScreenTurns,
  ) {
    super();
  }
  override write(chunk: unknown, ...rest: unknown[]): boolean {
    // Frames keep their order on every channel: each share is queued behind the earlier
    // frames' shares. A viewer that joined since is drawn from the group's screen as it is
    // now (join's catch-up), and one that left may have drawn a screen of its own: each
    // share goes to those of its members still in the group.
    const to = [...this.members];
    for (let i = 0; i < to.length; i += FAN_OUT_PER_TURN) {
      const share = to.slice(i, i + FAN_OUT_PER_TURN);
      this.turns.later(() => {
        for (const m of share) if (this.members.has(m)) m.write(chunk as string);
      });
    }
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    cb?.();
    return true;
  }
  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }
  getColorDepth(): number {
    return 24;
  }
  hasColors(): boolean {
    return true;
  }
}

interface Group {
  id: string;
  terminal: GroupTerminal;
  view: ViewStore;
  screen: MountedScreen;
  members: number;
}

function keyOf(k: WatchKey): string {
  return `${k.cols}x${k.rows}|${k.level}|${k.readOnly ? 'read-only' : 'trading'}`;
}

export class WatchGroups {
  private readonly groups = new Map<string, Group>();
  constructor(private readonly o: WatchGroupsOptions) {}

  /** Groups live now and their members (for tests and the bench). */
  get sizes(): number[] {
    return [...this.groups.values()].filter((g) => g.members > 0).map((g) => g.members);
  }

  /** Shows `io` the group of its kind (mounting it if it is the first) until its first key or resize. */
  join(io: ViewerIo, level: ColorLevel): Member {
    const key: WatchKey = { cols: io.stdout.columns, rows: io.stdout.rows, level, readOnly: io.readOnly };
    const group = this.groupFor(key);
    group.members++;
    const stdout = io.stdout as unknown as NodeJS.WriteStream;
    stdout.write(group.screen.diffOut?.catchUp() ?? '');
    group.terminal.members.add(stdout);

    let own: { closed: Promise<void>; close(): void } | undefined;
    let done = false;
    let resolveClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
    const leaveGroup = () => {
      io.stdout.off('resize', onResize);
      group.terminal.members.delete(stdout);
      // Not from inside the group's own frame (a member dropped for a full channel leaves in
      // the middle of a write): the screen goes on the next turn, unless someone joined since.
      if (--group.members === 0) setImmediate(() => group.members === 0 && this.drop(group));
    };
    const goOwn = () => {
      if (done || own) return;
      // A copy of what the viewer was watching, for its own screen to go on from.
      const view = this.o.newView();
      view.setState({ ...group.view.getState() });
      leaveGroup();
      // From here the channel's bytes are piped on, with its backpressure, as they were read before.
      io.stdin.off('data', onKey);
      io.stdin.pipe(keys);
      own = this.o.mountOwn({ ...io, stdin: keys as unknown as ViewerIo['stdin'] }, view);
      own.closed.then(finish, finish);
    };
    // Every byte from the channel goes on to the keyboard of the viewer's own screen, the
    // first one included (it waits there until that screen reads it).
    const keys = new ViewerInput();
    const onKey = (chunk: Buffer | string) => {
      goOwn();
      keys.write(chunk);
    };
    const onResize = () => goOwn();
    const finish = () => {
      if (done) return;
      done = true;
      io.stdin.off('data', onKey);
      io.stdin.unpipe(keys);
      resolveClosed();
    };
    io.stdin.on('data', onKey);
    io.stdout.on('resize', onResize);
    return {
      closed,
      close: () => {
        if (own) return own.close();
        if (done) return;
        leaveGroup();
        finish();
      },
    };
  }

  /** Unmounts every group's screen (the server is closing). */
  close(): void {
    for (const g of [...this.groups.values()]) this.drop(g);
  }

  private groupFor(key: WatchKey): Group {
    const id = keyOf(key);
    const found = this.groups.get(id);
    if (found) return found;
    const terminal = new GroupTerminal(key.cols, key.rows, this.o.turns);
    const view = this.o.newView();
    const screen = mountDashboard(
      { ...this.o.core, level: key.level },
      {
        stdin: new ViewerInput() as unknown as NodeJS.ReadStream,
        stdout: terminal as unknown as NodeJS.WriteStream,
        viewStore: view,
        readOnly: key.readOnly,
        session: viewerSession(this.o.core.session, 'ssh watchers', this.o.turns),
      },
    );
    const group: Group = { id, terminal, view, screen, members: 0 };
    this.groups.set(id, group);
    this.o.onView(view, true);
    return group;
  }

  private drop(group: Group): void {
    if (this.groups.get(group.id) !== group) return;
    this.groups.delete(group.id);
    this.o.onView(group.view, false);
    group.screen.unmount();
  }
}
