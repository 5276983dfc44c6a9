import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandId } from '../../src/keymap/index.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { runCommand } from '../../src/ui/commands/registry.js';
import { commandContext } from './support/commandContext.js';
import type { AppContextValue } from '../../src/ui/context/AppContext.js';
import { createViewStore, selectTopOverlay, view } from '../../src/ui/view/viewStore.js';
import { fullStore } from './support/paneFixtures.js';

/** Enter on a journal entry and `:` journal.export, through the same handlers as the keys. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(o: { stateDir?: string; cols?: number; entries?: JournalEntry[]; readOnly?: boolean } = {}) {
  const store = fullStore();
  if (o.entries) store.setState({ journal: { entries: o.entries } });
  const viewStore = createViewStore();
  const app: AppContextValue = { store, view: viewStore, session: null, mode: { readOnly: o.readOnly ?? true, embedded: false, signer: 'none', address: null }, staleAfterMs: {} };
  if (o.stateDir) app.stateDir = o.stateDir;
  const ctx = commandContext(app, o.cols !== undefined ? { cols: o.cols } : {});
  return { viewStore, run: (id: CommandId) => runCommand(id, ctx), notice: () => viewStore.getState().notice };
}

describe('journal commands', () => {
  it('Enter shows the request and the answer whole, and the order a TP/SL followed', () => {
    const parent = `0x${'ef'.repeat(16)}`;
    const asked = 'TP/SL on the long SOL1 position: TP trigger 170, whole position; SL trigger 130, whole position';
    const detail = 'the exchange refused the stop-loss because its trigger is on the wrong side of the mark price for this position';
    const t = setup({ cols: 60, entries: [{ seq: 7, time: Date.now(), action: 'tpSl', outcome: 'rejected', errorKind: 'business', asked, detail, parentCloid: parent, face: 'dashboard' }] });
    view.focus(t.viewStore, 'journal');
    t.run('journal.details');
    const top = selectTopOverlay(t.viewStore.getState());
    const body = top?.kind === 'message' ? top.body : '';
    const lines = body.split('\n');
    // Wrapped to the box (60 columns less margins and border), nothing cut.
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(54);
    const joined = (label: string) =>
      lines
        .slice(lines.findIndex((l) => l.startsWith(label)))
        .filter((l, i) => i === 0 || l.startsWith(' '.repeat(10)))
        .map((l) => l.slice(10))
        .join(' ');
    expect(joined('asked')).toContain(asked);
    expect(joined('answer')).toContain(detail);
    expect(body).toContain(`after     ${parent} filled`);
    expect(body).toMatch(/outcome {3}rejected \(business\)/);
    expect(body).toContain('face      dashboard');
  });

  it('journal.export is a write: refused on a read-only screen, with nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpdesk-export-cmd-'));
    dirs.push(dir);
    const t = setup({ stateDir: dir, readOnly: true });
    t.run('journal.export');
    expect(t.notice()?.tone).toBe('warning');
    expect(t.notice()?.text).toMatch(/monitor mode/);
    expect(existsSync(join(dir, 'exports'))).toBe(false);
  });

  it('journal.export writes the files and names them in the status bar', () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpdesk-export-cmd-'));
    dirs.push(dir);
    const t = setup({ stateDir: dir, readOnly: false });
    t.run('journal.export');
    const n = t.notice();
    expect(n?.tone).toBe('success');
    const m = /^exported (.+)\/\{journal,fills,orders\}-(\d{8}-\d{6})\.\{csv,json\}: 0 journal entries, 3 fills, 0 order updates$/.exec(n?.text ?? '');
    expect(m, n?.text).not.toBeNull();
    expect(m![1]).toBe(join(dir, 'exports'));
    for (const kind of ['journal', 'fills', 'orders']) for (const ext of ['csv', 'json']) expect(existsSync(join(dir, 'exports', `${kind}-${m![2]}.${ext}`))).toBe(true);
    // A notice only: nothing opens that would hold the keys.
    expect(selectTopOverlay(t.viewStore.getState())).toBeUndefined();
  });

  it('journal.export says why nothing was written without a state directory', () => {
    const t = setup({ readOnly: false });
    t.run('journal.export');
    expect(t.notice()).toMatchObject({ tone: 'warning', text: expect.stringContaining('no state directory') });
  });
});
