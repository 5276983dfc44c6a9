import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

/** The palette's `record.toggle`: the session starts or stops recording the market (docs/recording.md); the status bar marks it while on. */
export const RECORD_COMMANDS = {
  'record.toggle': ({ app }) => {
    const session = app.session;
    if (!session) {
      view.notify(app.view, 'record: no session yet', 'info');
      return;
    }
    void session.setRecording(session.recorder === undefined).then(
      (words) => view.notify(app.view, words, words.startsWith('recording the market') ? 'success' : 'info'),
      (e: unknown) => view.notify(app.view, `record: ${e instanceof Error ? e.message : String(e)}`, 'error'),
    );
  },
} satisfies CommandTable;
