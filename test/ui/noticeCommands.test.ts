import { describe, expect, it } from 'vitest';
import { statusSegments } from '../../src/ui/app/statusSegments.js';
import { runCommand } from '../../src/ui/commands/registry.js';
import { commandContext } from './support/commandContext.js';
import type { AppContextValue } from '../../src/ui/context/AppContext.js';
import { truncateAtWord } from '../../src/ui/format/width.js';
import { createViewStore, NOTICES_KEPT, selectTopOverlay, view } from '../../src/ui/view/viewStore.js';
import { fullStore } from './support/paneFixtures.js';

/** A notice the status bar can only start is whole in `:` notices, and never cut mid-word. */
function setup() {
  const viewStore = createViewStore();
  const app: AppContextValue = { store: fullStore(), view: viewStore, session: null, mode: { readOnly: true, embedded: false, signer: 'none', address: null }, staleAfterMs: {} };
  const ctx = commandContext(app);
  return { viewStore, run: () => runCommand('notices', ctx) };
}

describe('notices', () => {
  it('lists the last 100 notices and answers whole, newest first, a repeat updating its time', () => {
    const { viewStore, run } = setup();
    run();
    expect(viewStore.getState().notice?.text).toBe('no notices yet');
    const long = 'using a private key from PERPDESK_PRIVATE_KEY: environment variables can leak through process listings';
    view.notify(viewStore, long, 'warning', Date.UTC(2026, 10, 25, 9, 0, 0));
    for (let i = 0; i < NOTICES_KEPT + 20; i++) view.notify(viewStore, `alert ${i}`, 'info', Date.UTC(2026, 10, 25, 9, 1, 0));
    view.notify(viewStore, 'alert 119', 'info', Date.UTC(2026, 10, 25, 9, 2, 0));
    view.toast(viewStore, 'order answered: #1 resting oid 7', 'success', Date.UTC(2026, 10, 25, 9, 3, 0));
    expect(viewStore.getState().notices).toHaveLength(NOTICES_KEPT);
    run();
    const top = selectTopOverlay(viewStore.getState());
    expect(top?.kind).toBe('message');
    const body = top?.kind === 'message' ? top.body.split('\n') : [];
    expect(body[0]).toMatch(/^\d\d:\d\d:\d\d ✓ order answered: #1 resting oid 7$/);
    expect(body[1]).toMatch(/alert 119$/);
    expect(body.filter((l) => l.endsWith('alert 119'))).toHaveLength(1);
    // The oldest ones, the long warning among them, made room for the newest.
    expect(body.join('\n')).not.toContain('PERPDESK_PRIVATE_KEY');
  });

  it('cuts a long status message at a word, not inside one', () => {
    const text = 'embedded exchange: account registered, credited, enrolled and collateral locked';
    expect(truncateAtWord(text, 24)).toBe('embedded exchange:…');
    expect(truncateAtWord('short', 24)).toBe('short');
    expect(truncateAtWord('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcdefghi…');
    const bar = statusSegments(
      { connection: 'open', channels: {}, latencyMs: 1, clockOffsetMs: 0, clockWarning: null, dataAgeMs: 0, signer: 'agent', readOnly: false, inFlight: 0, progress: null, message: { text, tone: 'success' } },
      80,
    )
      .map((s) => s.text)
      .join('');
    const shown = bar.slice(bar.lastIndexOf('✓'));
    expect(shown.endsWith('…')).toBe(true);
    expect(text).toContain(shown.slice(2, -1));
    expect(text.charAt(shown.length - 3)).toBe(' ');
  });
});
