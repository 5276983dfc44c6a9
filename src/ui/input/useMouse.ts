import { useEffect, useRef } from 'react';
import { useStdin } from 'ink';
import type { CommandId } from '../../keymap/index.js';
import type { Layout } from '../app/layout.js';
import { useApp } from '../context/AppContext.js';
import { view } from '../view/viewStore.js';
import { handleMouse } from './mouseActions.js';
import { MouseStdin } from './mouseStdin.js';

export interface MouseOptions {
  /** The layout the screen shows now (read at each event, so a resize counts at once). */
  layout: () => Layout;
  run: (id: CommandId) => void;
}

/**
 * Mouse events from ink's stdin when it is a MouseStdin (runDashboard hands ink one unless
 * `--no-mouse` or `"mouse": false`), acted on by handleMouse. Without one this does nothing.
 */
export function useMouse(o: MouseOptions): void {
  const { stdin } = useStdin();
  const app = useApp();
  const latest = useRef(o);
  latest.current = o;
  useEffect(() => {
    if (!(stdin instanceof MouseStdin)) return undefined;
    return stdin.onMouse((e) => {
      try {
        handleMouse(e, { app, layout: latest.current.layout(), run: latest.current.run });
      } catch (err) {
        // A click must never take the screen down: say what failed, as a failing key does.
        view.notify(app.view, `mouse: ${err instanceof Error ? err.message : String(err)}`, 'error');
      }
    });
  }, [stdin, app]);
}
