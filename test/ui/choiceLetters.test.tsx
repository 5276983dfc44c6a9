import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/session/index.js';
import { SignerSet } from '../../src/client/signers.js';
import { FORM_IDS, type Choice, type FieldView } from '../../src/forms/index.js';
import { resolve } from '../../src/keymap/index.js';
import { CANCEL_ALGO_FORM, CHASE_FORM, RESUME_ALGO_FORM, SCALE_FORM, TRAIL_FORM, TWAP_FORM } from '../../src/ui/forms/algoForms.js';
import { GENERATE_AGENT } from '../../src/ui/forms/agentKeyForm.js';
import { ALERT_RULE_FORM } from '../../src/ui/forms/alertForms.js';
import { fieldsOf, formKey, openForm, resolveForm } from '../../src/ui/forms/formActions.js';
import { inputStateOf } from '../../src/ui/input/inputContexts.js';
import { view } from '../../src/ui/view/viewStore.js';
import { KEYS } from '../support/terminal.js';
import { setup } from './support/formHarness.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/**
 * A letter jumps to the choice it names, in every choice field of every form: no command of
 * the form takes the letter while the fields are edited (the confirm step's own keys, `a`
 * don't ask and `o` override, act on the confirm step only), and the letter reaches the
 * choice from wherever the field stands. Choices that share a letter take turns on it.
 */

const ALL_FORMS = [...FORM_IDS, TWAP_FORM.id, SCALE_FORM.id, CHASE_FORM.id, TRAIL_FORM.id, RESUME_ALGO_FORM.id, CANCEL_ALGO_FORM.id, GENERATE_AGENT.id, ALERT_RULE_FORM.id];

const letterOf = (c: Choice) => c.text[0]!.toLowerCase();
const names = (c: Choice, l: string) => c.text.toLowerCase().startsWith(l) || (c.label?.toLowerCase().startsWith(l) ?? false);

describe('a letter on a choice field', () => {
  it('reaches every choice of every choice field of every form, and no form command takes it', () => {
    const shared: string[] = [];
    let walked = 0;
    for (const formId of ALL_FORMS) {
      const h = setup({ stateDir: undefined });
      openForm(h.app, formId);
      const st0 = h.form();
      if (!st0) continue;
      const fields = fieldsOf(resolveForm(h.app, st0)).filter((f): f is FieldView & { choices: readonly Choice[] } => f.visible && (f.kind === 'choice' || f.kind === 'toggle') && (f.choices?.length ?? 0) > 0);
      for (const f of fields) {
        for (const target of f.choices) {
          const letter = letterOf(target);
          // The keymap in force on the fields gives the letter to the field, not to a command.
          const { contexts } = inputStateOf(h.viewStore.getState());
          expect(resolve(letter, contexts, { formStep: 'edit' }), `${formId}.${f.key}: ${letter}`).toBeUndefined();
          const rivals = f.choices.filter((c) => names(c, letter));
          if (rivals.length > 1 && target === rivals[0]) shared.push(`${formId}.${f.key} ${letter}: ${rivals.map((c) => c.text).join('/')}`);
          // From every starting choice, at most one press per choice that shares the letter.
          for (const start of f.choices) {
            const st = h.form()!;
            view.setForm(h.viewStore, { ...st, stage: 'edit', focus: f.key, texts: { ...st.texts, [f.key]: start.text } });
            const seen: string[] = [];
            for (let i = 0; i < rivals.length; i++) {
              formKey(h.app, letter);
              seen.push(h.form()!.texts[f.key] ?? '');
            }
            expect(seen, `${formId}.${f.key} from ${start.text}: ${letter}`).toContain(target.text);
            walked += 1;
          }
        }
      }
    }
    // The walk saw the order form's fields and the others (a count, so a form that lost its fields shows).
    expect(walked).toBeGreaterThan(150);
    // Choices that share a letter (by text, or by a label that starts with it) take turns on
    // it, as checked above: on a coin field, u goes USDC, USDT1, USDC... The only such pair.
    const coinForms = ['lockCollateral', 'unlockCollateral', 'transferBetweenDeployers', 'transferMdToShareGroup', 'transferShareGroupToMd', 'lockIntoShareGroup', 'unlockFromShareGroup'];
    expect(shared).toEqual(coinForms.map((id) => `${id}.coin u: USDC/USDT1`));
  });
});

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

function withExchange(): Session {
  const exchange = {
    signers: new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' }),
    submit: async () => ({ ok: true as const, statuses: [{ resting: { oid: 77 } }], requestId: 'req-9', nonce: 1, signer: { role: 'agent' as const, address: '0x0' }, cloids: [] }),
    newCloid: () => '9001',
  };
  return { exchange, watchCandles: () => () => {} } as unknown as Session;
}

describe('the order form on screen', () => {
  it('a on Type gives Alo, i Ioc, m Market, g Gtc; s and b on Side; a on the confirm step is still "don\'t ask"', async () => {
    app = renderApp({ cols: 120, rows: 40, session: withExchange() });
    await app.vt.waitFor('Book SOL1');
    await app.vt.press('s');
    await app.vt.waitFor('› Price');
    await app.vt.press(KEYS.shiftTab);
    await app.vt.waitFor('› Type');
    await app.vt.press('a');
    await app.vt.waitFor('‹ Alo ›');
    await app.vt.press('i');
    await app.vt.waitFor('‹ Ioc ›');
    await app.vt.press('m');
    await app.vt.waitFor('‹ Market ›');
    await app.vt.press('g');
    await app.vt.waitFor('‹ Gtc ›');
    await app.vt.press('a');
    await app.vt.waitFor('‹ Alo ›');
    await app.vt.press(KEYS.shiftTab);
    await app.vt.waitFor('› Side');
    await app.vt.press('b');
    await app.vt.waitFor('‹ Buy ›');
    await app.vt.press('s');
    let s = await app.vt.waitFor('‹ Sell ›');
    expect(s).toContain('Sell 1 SOL1 @');
    expect(s).toContain('Alo');
    // On the confirm step `a` is the step's own key again: its hint shows there, not on the fields.
    await app.vt.press(KEYS.enter);
    s = await app.vt.waitFor('New order: confirm');
    expect(s).toMatch(/Sell 1 SOL1 @ [\d.]+ Alo/);
  });
});
