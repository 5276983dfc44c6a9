import { CONTEXT_TITLES, type PaneContext } from '../../keymap/index.js';
import { formatDecimal } from '../../protocol/index.js';
import { selectSelectedContract } from '../../state/selectors.js';
import type { AppState } from '../../state/types.js';
import type { PaneId } from '../context/paneIds.js';
import { contractsById } from '../panes/lookups.js';
import {
  bookCursorPrice,
  selectedAccountRow,
  selectedAgent,
  selectedFill,
  selectedJournalEntry,
  selectedOrder,
  selectedPosition,
  selectedShareGroupId,
  selectedTradeId,
} from '../panes/selection.js';
import type { ViewState } from '../view/viewStore.js';

/**
 * What `y` copies from the focused pane: one value that names the selected row where the
 * exchange and the command line take it back (`perpdesk order show OID`, `cancel OID`,
 * `agent revoke ADDRESS`, `--group ID`, `--deployer ID`), and the word the status bar calls it.
 * Never a key or anything secret: ids, addresses, names and prices only.
 *
 * - orders: the oid (a cloid is optional and only the placing client knows it; the oid
 *   every order has);
 * - fills: the oid of the order that filled (what `order show` looks up; the fill's tid is
 *   only a tape number);
 * - journal: the entry's first cloid, else its request id, else its nonce;
 * - agents: the agent's address; positions: the contract's name; share groups: the group id;
 * - account: the chain row, the account's own address; a pool row, the deployer's operator
 *   address where the exchange lists one, else the deployer's id;
 * - book: the cursor's price as a plain decimal (none while the cursor rests at the spread);
 * - trades: the selected trade's tid.
 */
export type RowCopy = { ok: true; what: string; value: string } | { ok: false; reason: string };

const copy = (what: string, value: string): RowCopy => ({ ok: true, what, value });
const none = (reason: string): RowCopy => ({ ok: false, reason });

function paneTitle(pane: PaneId): string {
  return pane in CONTEXT_TITLES ? CONTEXT_TITLES[pane as PaneContext] : pane;
}

function accountCopy(app: AppState, view: ViewState): RowCopy {
  const row = selectedAccountRow(app, view);
  if (!row) return none('nothing to copy: no account row selected');
  const md = /^md:(\d+)/.exec(row.key);
  if (md) {
    const id = Number(md[1]);
    const operator = app.market.configs?.marketDeployers.find((d) => d.marketDeployerId === id)?.operator;
    return operator ? copy('deployer address', operator) : copy('deployer id', String(id));
  }
  const address = app.account.raw?.address;
  return address ? copy('account address', address) : none('nothing to copy: the account has no address yet');
}

function tradeCopy(app: AppState, view: ViewState): RowCopy {
  const tid = selectedTradeId(app, view);
  return tid !== undefined ? copy('tid', tid) : none('nothing to copy: no trade selected');
}

export function rowCopyValue(pane: PaneId, app: AppState, view: ViewState): RowCopy {
  switch (pane) {
    case 'orders': {
      const o = selectedOrder(app, view);
      return o ? copy('oid', String(o.oid)) : none('nothing to copy: no order selected');
    }
    case 'fills': {
      const f = selectedFill(app, view);
      return f ? copy('oid', String(f.oid)) : none('nothing to copy: no fill selected');
    }
    case 'journal': {
      const e = selectedJournalEntry(app, view);
      if (!e) return none('nothing to copy: no journal entry selected');
      const cloid = e.cloids?.[0];
      if (cloid) return copy('cloid', cloid);
      if (e.requestId) return copy('request id', e.requestId);
      return e.nonce !== undefined ? copy('nonce', String(e.nonce)) : none('nothing to copy: the entry has no cloid, request id or nonce');
    }
    case 'agents': {
      const a = selectedAgent(app, view);
      return a ? copy('agent address', a.address) : none('nothing to copy: no agent selected');
    }
    case 'positions': {
      const p = selectedPosition(app, view);
      if (!p) return none('nothing to copy: no position selected');
      const name = contractsById(app.market.configs).get(p.contractId)?.name;
      return copy('contract', name ?? String(p.contractId));
    }
    case 'shareGroups': {
      const id = selectedShareGroupId(app, view);
      return id === undefined ? none('nothing to copy: no share group selected') : copy('group id', String(id));
    }
    case 'account':
      return accountCopy(app, view);
    case 'book': {
      const price = bookCursorPrice(app, view);
      const contract = selectSelectedContract(app);
      if (price === undefined || !contract) return none('nothing to copy: move the book cursor to a price first (j/k)');
      return copy('price', formatDecimal(price, contract.priceScale));
    }
    case 'trades':
      return tradeCopy(app, view);
    default:
      return none(`nothing to copy in the ${paneTitle(pane)} pane`);
  }
}
