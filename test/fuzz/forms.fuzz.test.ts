import { describe, expect, it } from 'vitest';
import { Prng } from '../../src/exchange/engine/prng.js';
import { confirmPlan, evaluateForm, FORM_IDS, FORMS, initialTexts, type Evaluation, type FormContext, type FormSpec } from '../../src/forms/index.js';
import { build, parseAction } from '../../src/protocol/wire/index.js';
import { randomContext } from './support/formContexts.js';
import { applyKey, randomKey, wellFormed, type EditorState } from './support/formKeys.js';

/**
 * 10,000 random key sequences into every form of src/forms (the model the overlays
 * render), from their defaults or filled in: typed characters, pastes, backspace, clear, focus changes, choice cycling and
 * Enter, each sequence in a random context. The form is evaluated after every key, as the
 * overlay does: it never throws, a form that is not ready says why, and a ready form's
 * action passes the wire's own validation (`parseAction`) and matches the client call
 * that would send it. No invalid request can leave.
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 7_007);
// 2,000 in npm test; PERPDESK_FUZZ_RUNS for more.
const SEQUENCES = Number(process.env['PERPDESK_FUZZ_RUNS'] ?? 2_000);
const CONTEXTS = 256;

function checkEvaluation(spec: FormSpec, e: Evaluation, ctx: FormContext): string | undefined {
  if (!e.ready) {
    if (e.blocked === undefined && e.errors.length === 0) return 'not ready and no reason given';
    if (e.errors.some((x) => typeof x !== 'string' || x.trim() === '')) return 'an empty error message';
    return undefined;
  }
  const built = e.built!;
  const parsed = parseAction(built.action);
  if (!parsed.ok) return `ready, but the action fails validation: ${parsed.error}`;
  if (built.action.type !== spec.actionType) return `ready with a ${built.action.type} action`;
  // The confirm step of a ready form never throws either.
  confirmPlan(spec, e, ctx);
  return undefined;
}

describe('random key sequences into every form', () => {
  const rng = new Prng(SEED);
  const contexts = Array.from({ length: CONTEXTS }, () => randomContext(rng));
  for (const id of FORM_IDS) {
    it(`${id}: ${SEQUENCES.toLocaleString('en-US')} sequences, never an invalid request (seed ${SEED})`, () => {
      const spec: FormSpec = FORMS[id];
      const r = new Prng(SEED ^ id.length ^ (id.charCodeAt(0) << 8) ^ (id.charCodeAt(id.length - 1) << 16));
      let readyAtEnter = 0;
      for (let n = 0; n < SEQUENCES; n++) {
        const ctx = contexts[r.int(CONTEXTS)]!;
        const keys: string[] = [];
        let st: EditorState = { texts: initialTexts(spec, ctx), focus: 0, replace: true };
        let e = evaluateForm(spec, st.texts, ctx);
        // Half the sequences start from a filled-in form (as when a book row or a list row
        // opens it), so the keys also break forms that were ready.
        if (r.chance(0.5)) {
          for (const f of e.fields) if (f.visible) st.texts[f.key] = wellFormed(r, f, ctx);
          e = evaluateForm(spec, st.texts, ctx);
        }
        const length = 1 + r.int(14);
        try {
          for (let k = 0; k < length; k++) {
            const focused = e.fields[st.focus];
            const key = randomKey(r, focused, ctx);
            keys.push(JSON.stringify(key));
            st = applyKey(st, key, e.fields);
            e = evaluateForm(spec, st.texts, ctx);
            const why = checkEvaluation(spec, e, ctx);
            if (why) throw new Error(why);
            if (key.kind === 'enter' && e.ready) readyAtEnter++;
          }
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          expect.fail(`${id}, sequence ${n}: ${message}\nkeys: ${keys.join(' ')}\ntexts: ${JSON.stringify(st.texts)}`);
        }
      }
      // The walk must reach the building path, or it proves nothing about what is sent.
      expect(readyAtEnter).toBeGreaterThan(0);
    });
  }
});
