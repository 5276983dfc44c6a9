import { describe, expect, it } from 'vitest';
import { AccountsWatch } from '../../session/accountsWatch.js';
import { fullStore } from '../../../test/ui/support/paneFixtures.js';
import { commandContext } from '../../../test/ui/support/commandContext.js';
import type { AppContextValue } from '../context/AppContext.js';
import { createViewStore } from '../view/viewStore.js';
import { runCommand } from './registry.js';

describe('j/k on the lists whose rows are not the store\'s', () => {
  it('moves the Accounts pane\'s selection over the profiles the watch lists (it stayed on the first)', () => {
    const viewStore = createViewStore({ focus: 'accounts' });
    const profiles = ['desk', 'hedge', 'spare'].map((name) => ({ name, url: undefined, address: undefined, unavailable: 'not polled here' }));
    const app: AppContextValue = {
      store: fullStore(),
      view: viewStore,
      session: null,
      mode: { readOnly: false, embedded: true, signer: 'agent', address: null },
      staleAfterMs: {},
      accounts: new AccountsWatch(profiles, () => null),
    };
    const ctx = commandContext(app);
    runCommand('list.down', ctx);
    expect(viewStore.getState().selection.accounts).toBe(1);
    runCommand('list.bottom', ctx);
    expect(viewStore.getState().selection.accounts).toBe(2);
  });
});
