import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../../session/index.js';
import type { AppStore } from '../../state/store.js';
import { errCode, formatMode, O_NOFOLLOW, writeFileAtomic } from '../../wallet/fsutil.js';
import type { ViewStore } from './viewStore.js';
import { screenStore } from './screenStore.js';

/**
 * The theme chosen with `T` and the contract last looked at, kept in the state directory
 * (`view.json`, 0600) so the next start opens where the last one was left. It is a
 * convenience, never a reason not to start: a missing, malformed or foreign file is ignored
 * (the last two with a warning), and it is read before anything else of the session.
 *
 * On start: `--theme` > remembered > config `theme` > default, and `--contract` > remembered >
 * config `contract` > the exchange's first Active contract. A remembered theme that is no
 * longer installed, or a remembered contract the exchange no longer lists as Active, gives
 * way silently to the next source.
 */
export interface RememberedView {
  theme?: string;
  contract?: string;
}

export const REMEMBERED_VIEW_FILE = 'view.json';

/** Far more than two names need: anything larger is not a file perpdesk wrote. */
const MAX_BYTES = 4096;

/** A theme or contract name as perpdesk writes it: short, one line, no control characters. */
const NAME = /^[^\x00-\x1f\x7f]{1,64}$/;

const POSIX = process.platform !== 'win32';

export function rememberedViewPath(stateDir: string): string {
  return path.join(stateDir, REMEMBERED_VIEW_FILE);
}

function name(value: unknown): string | undefined {
  return typeof value === 'string' && NAME.test(value) ? value : undefined;
}

/** The fields of a parsed file that look like names; anything else is dropped. */
function fieldsOf(parsed: unknown): RememberedView {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const o = parsed as Record<string, unknown>;
  const theme = name(o['theme']);
  const contract = name(o['contract']);
  return { ...(theme ? { theme } : {}), ...(contract ? { contract } : {}) };
}

/**
 * Reads the remembered view. The checks are made on the open descriptor (a link is not
 * followed), as for the other state files: a file another user owns or can write to may have
 * been planted, and is ignored with a warning that says how to fix it.
 */
export function loadRememberedView(stateDir: string): { view: RememberedView; warnings: string[] } {
  const file = rememberedViewPath(stateDir);
  const ignored = (why: string) => ({ view: {}, warnings: [`remembered view '${file}' ${why}; ignored`] });
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | O_NOFOLLOW);
  } catch (e) {
    const code = errCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { view: {}, warnings: [] };
    if (code === 'ELOOP' || code === 'EMLINK') return ignored(`is a symbolic link (perpdesk does not follow links in its state directory). Remove it: rm '${file}'`);
    return ignored(`cannot be read (${code ?? String(e)})`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return ignored('is not a regular file');
    if (POSIX) {
      const uid = process.getuid?.();
      if (uid !== undefined && st.uid !== uid) return ignored(`belongs to uid ${st.uid}, not to you. Remove it: rm '${file}'`);
      if ((st.mode & 0o077) !== 0) return ignored(`has permissions ${formatMode(st.mode)}, open to other users. Fix with: chmod 600 '${file}'`);
    }
    if (st.size > MAX_BYTES) return ignored(`is too large (${st.size} bytes)`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(fd, 'utf8'));
    } catch {
      return ignored('is not valid JSON');
    }
    return { view: fieldsOf(parsed), warnings: [] };
  } catch (e) {
    return ignored(`cannot be read (${errCode(e) ?? String(e)})`);
  } finally {
    closeSync(fd);
  }
}

/** The theme to start with; a remembered name no longer among `installed` is passed over. */
export function startTheme(
  sources: { flag?: string | undefined; remembered?: string | undefined; config?: string | undefined },
  installed: readonly string[],
  fallback: string,
): string {
  if (sources.flag !== undefined) return sources.flag;
  if (sources.remembered !== undefined && installed.includes(sources.remembered)) return sources.remembered;
  return sources.config ?? fallback;
}

/**
 * The contract to start on, asked of the exchange through `resolve` (the session's
 * resolveContract). A remembered name the exchange refuses (a usage refusal: no Active
 * contract by that name) gives way to the config's; an exchange that cannot be read is not
 * the remembered file's fault, and that error stands.
 */
export async function startContract(
  resolve: (wanted: string | undefined) => Promise<string>,
  sources: { flag?: string | undefined; remembered?: string | undefined; config?: string | undefined },
): Promise<string> {
  if (sources.flag !== undefined) return resolve(sources.flag);
  if (sources.remembered !== undefined && sources.remembered !== sources.config) {
    try {
      return await resolve(sources.remembered);
    } catch (e) {
      if (!(e instanceof StartupError) || e.exitCode !== 2) throw e;
    }
  }
  return resolve(sources.config);
}

export async function saveRememberedView(stateDir: string, v: RememberedView): Promise<void> {
  await writeFileAtomic(rememberedViewPath(stateDir), Buffer.from(`${JSON.stringify(v)}\n`), true);
}

export interface ViewRemembering {
  /** Writes a change not yet saved now (the dashboard's exit); resolves when it is on disk. */
  flush(): Promise<void>;
  /** Stops watching and cancels the timer; flush() afterwards still writes what changed before. */
  stop(): void;
}

/** After a change, wait this long for the next before writing: cycling themes writes once. */
export const REMEMBER_DEBOUNCE_MS = 500;

/**
 * Saves the view store's theme and the screen's contract (screenStore.ts) whenever either
 * changes from what was last saved (or what the dashboard started with), `debounceMs` after
 * the last change. A contract not yet known (null while the configs load) is no change.
 */
export function rememberView(o: {
  stateDir: string;
  store: AppStore;
  view: ViewStore;
  /** What the dashboard started with: seeing it again is not a change. */
  initial: { theme: string; contract: string };
  debounceMs?: number;
  /** A failed write, once per distinct message (the status bar). */
  onError?: (message: string) => void;
}): ViewRemembering {
  const debounceMs = o.debounceMs ?? REMEMBER_DEBOUNCE_MS;
  let saved = `${o.initial.theme}\n${o.initial.contract}`;
  let contract = o.initial.contract;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let lastError: string | undefined;

  const current = (): RememberedView => ({ theme: o.view.getState().themeName, contract });
  const keyOf = (v: RememberedView) => `${v.theme}\n${v.contract}`;

  const write = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const v = current();
    const key = keyOf(v);
    if (key === saved) return writing;
    saved = key;
    writing = writing
      .then(() => saveRememberedView(o.stateDir, v))
      .then(
        () => {
          lastError = undefined;
        },
        (e: unknown) => {
          // Tried again on the next change.
          saved = '';
          const message = `could not remember the view: ${e instanceof Error ? e.message : String(e)}`;
          if (message !== lastError) o.onError?.(message);
          lastError = message;
        },
      );
    return writing;
  };

  const changed = () => {
    if (keyOf(current()) === saved) {
      clearTimeout(timer);
      timer = undefined;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void write(), debounceMs);
    timer.unref?.();
  };

  const stopView = o.view.subscribe((s, prev) => {
    if (s.themeName !== prev.themeName) changed();
  });
  const stopStore = screenStore(o.store, o.view).subscribe((s, prev) => {
    const selected = s.market.selected;
    if (selected === prev.market.selected || selected === null) return;
    contract = selected;
    changed();
  });

  return {
    flush: async () => {
      await write();
    },
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
      stopView();
      stopStore();
    },
  };
}
