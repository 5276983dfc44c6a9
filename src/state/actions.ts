import type { AppStore } from './store.js';

/**
 * UI-side actions: plain functions over the store. Feed data never comes this way; it
 * arrives in coalesced batches (storeSink). Each action is one setState.
 */

export function selectContract(store: AppStore, name: string): boolean {
  const { market } = store.getState();
  if (!market.contracts[name] || market.selected === name) return market.selected === name;
  store.setState({ market: { ...market, selected: name } });
  return true;
}

export function setFocus(store: AppStore, pane: string): void {
  const { ui } = store.getState();
  if (ui.focus !== pane) store.setState({ ui: { ...ui, focus: pane } });
}

export function setFormField(store: AppStore, form: string, field: string, value: string): void {
  const { ui } = store.getState();
  const current = ui.forms[form] ?? {};
  if (current[field] === value) return;
  store.setState({ ui: { ...ui, forms: { ...ui.forms, [form]: { ...current, [field]: value } } } });
}

export function resetForm(store: AppStore, form: string): void {
  const { ui } = store.getState();
  if (!(form in ui.forms)) return;
  const forms = { ...ui.forms };
  delete forms[form];
  store.setState({ ui: { ...ui, forms } });
}

export function openOverlay(store: AppStore, overlay: string): void {
  const { ui } = store.getState();
  if (ui.overlays[ui.overlays.length - 1] === overlay) return;
  store.setState({ ui: { ...ui, overlays: [...ui.overlays, overlay] } });
}

export function closeOverlay(store: AppStore): void {
  const { ui } = store.getState();
  if (ui.overlays.length === 0) return;
  store.setState({ ui: { ...ui, overlays: ui.overlays.slice(0, -1) } });
}
