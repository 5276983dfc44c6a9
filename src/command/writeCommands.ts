import { readFileSync } from 'node:fs';
import { flatten, reverse, type FormContext } from '../forms/index.js';
import type { OpenOrder } from '../protocol/wire/index.js';
import type { CommandRun, CommandSpec, OptionSpecs } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';
import { fieldHelp, fieldOptions, textsFromOptions } from './formOptions.js';
import { runForm, type FormRequest } from './runForm.js';

/**
 * The writes: each is one of the dashboard's forms, filled from the command's words and
 * flags (a field `tpPx` is `--tp-px`), checked and sent by `runForm`.
 */
interface FormCommand {
  path: readonly string[];
  form: string;
  summary: string;
  usage?: string;
  /** Fields filled from positional words rather than flags. */
  positional?: readonly string[];
  /** False when the form's fields are computed, not typed (flatten, reverse): no field flags. */
  fieldFlags?: boolean;
  options?: OptionSpecs;
  optionHelp?: Record<string, string>;
  /** Fills texts the words give and picks the rows the form acts on. */
  request?: (r: CommandRun, ctx: FormContext, texts: Record<string, string>) => FormRequest;
}

function usageError(message: string): CommandError {
  return new CommandError(EXIT.usage, message);
}

function formCommand(c: FormCommand): CommandSpec {
  const skip = c.positional ?? [];
  return {
    path: c.path,
    ...(c.usage ? { usage: c.usage } : {}),
    summary: c.summary,
    writes: true,
    options: { ...(c.fieldFlags === false ? {} : fieldOptions(c.form, skip)), ...c.options },
    optionHelp: { ...(c.fieldFlags === false ? {} : fieldHelp(c.form, skip)), ...c.optionHelp },
    run: (r) =>
      runForm(r, (ctx) => {
        const texts = textsFromOptions(c.form, r.options);
        if (c.request) return c.request(r, ctx, texts);
        const words = [...r.positionals];
        for (const key of skip) {
          const w = words.shift();
          if (w !== undefined) texts[key] = w;
        }
        if (words.length > 0) throw usageError(`unexpected words: ${words.join(' ')}`);
        return { form: c.form, texts };
      }),
  };
}

/** `buy 0.5 @ 101.25`, `sell 2`, `buy 1 101.25`: side, size and an optional price. */
function orderWords(words: readonly string[], texts: Record<string, string>, r: CommandRun): void {
  const [side, size, ...rest] = words;
  if (side !== 'buy' && side !== 'sell') throw usageError('order: say buy or sell, e.g. perpdesk order buy 0.5 @ 101.25');
  if (size === undefined) throw usageError('order: the size is missing, e.g. perpdesk order buy 0.5 @ 101.25');
  texts['side'] = side === 'buy' ? 'Buy' : 'Sell';
  texts['size'] = size;
  const price = rest[0] === '@' ? rest[1] : rest[0];
  if (rest.length > (rest[0] === '@' ? 2 : 1)) throw usageError(`order: unexpected words: ${rest.join(' ')}`);
  const kinds = (['ioc', 'alo', 'market'] as const).filter((k) => r.options[k] === true);
  if (kinds.length > 1) throw usageError('order: choose one of --ioc, --alo, --market');
  const kind = kinds[0];
  if (kind === 'market') {
    if (price !== undefined) throw usageError('order: --market takes no price');
    texts['type'] = 'Market';
  } else {
    if (price === undefined) throw usageError('order: give a limit price (buy 0.5 @ 101.25) or --market');
    texts['price'] = price;
    texts['type'] = kind === 'ioc' ? 'Ioc' : kind === 'alo' ? 'Alo' : 'Gtc';
  }
}

/** An open order named by its oid. */
function findOrder(ctx: FormContext, id: string | undefined): OpenOrder {
  if (id === undefined || !/^\d+$/.test(id)) throw usageError(`name the order by its oid (digits)${id === undefined ? '' : `, got "${id}"`}`);
  const order = ctx.openOrders.find((o) => o.oid === Number(id));
  if (!order) throw new CommandError(EXIT.refused, `order ${id} is not open (filled, cancelled or never placed)`);
  return order;
}

function oneWord(r: CommandRun, what: string): string | undefined {
  if (r.positionals.length > 1) throw usageError(`one ${what} only, got: ${r.positionals.join(' ')}`);
  return r.positionals[0];
}

const closing = (what: 'flatten' | 'reverse') => (r: CommandRun, ctx: FormContext): FormRequest => {
  if (r.positionals.length > 0) throw usageError(`${what} takes no words; --contract picks the position`);
  const res = (what === 'flatten' ? flatten : reverse)(ctx);
  if (!res.ok) throw new CommandError(EXIT.refused, res.error);
  return { form: res.form, texts: res.values, note: res.note };
};

const readLines = (file: string | undefined): string => {
  try {
    return readFileSync(file ?? 0, 'utf8');
  } catch (e) {
    throw usageError(`cannot read the orders from ${file ?? 'stdin'}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
};

export const WRITE_COMMANDS: readonly CommandSpec[] = [
  formCommand({
    path: ['order'],
    form: 'order',
    usage: 'buy|sell SIZE|PCT% [@ PRICE] [--ioc|--alo|--market] [--reduce-only] [--cloid DIGITS] [--tp PX] [--sl PX]',
    summary: 'place an order on the contract (Gtc unless --ioc, --alo or --market; 25% of the most the margin allows; --tp/--sl once it fills)',
    positional: ['side', 'size', 'price', 'type'],
    options: { ioc: { type: 'boolean' }, alo: { type: 'boolean' }, market: { type: 'boolean' } },
    optionHelp: { ioc: 'immediate or cancel', alo: 'add liquidity only (post-only)', market: 'take the book, bounded 10% through the mark' },
    request: (r, _ctx, texts) => {
      orderWords(r.positionals, texts, r);
      return { form: 'order', texts };
    },
  }),
  formCommand({
    path: ['orders', 'batch'],
    form: 'orderBatch',
    usage: '[--file FILE]  (lines on stdin: buy 0.5 @ 101.25 [ioc|alo] [reduce])',
    summary: 'place up to the batch limit of orders in one signed request',
    positional: ['lines'],
    options: { file: { type: 'string' } },
    optionHelp: { file: 'read the lines from FILE instead of stdin' },
    request: (r, _ctx, texts) => {
      if (r.positionals.length > 0) throw usageError('orders batch reads its lines from stdin or --file');
      texts['lines'] = readLines(typeof r.options['file'] === 'string' ? r.options['file'] : undefined).trim();
      return { form: 'orderBatch', texts };
    },
  }),
  formCommand({
    path: ['modify'],
    form: 'modify',
    usage: 'OID [--price P] [--size S] [--tif Gtc|Alo] [--cloid DIGITS]',
    summary: 'change an open order (price, size, tif); unchanged fields keep their value',
    request: (r, ctx, texts) => ({ form: 'modify', texts, extras: { selectedOrder: findOrder(ctx, oneWord(r, 'order')) } }),
  }),
  formCommand({
    path: ['cancel'],
    form: 'cancel',
    usage: 'OID | --cloid CLOID',
    summary: 'cancel one open order, by its oid or by the client order id given at placement',
    options: { cloid: { type: 'string' } },
    optionHelp: { cloid: 'the client order id given at placement (digits)' },
    request: (r, ctx, texts) => {
      const cloid = r.options['cloid'];
      if (typeof cloid === 'string') {
        if (r.positionals.length > 0) throw usageError('cancel takes an oid or --cloid, not both');
        return { form: 'cancelByCloid', texts: { ...texts, cloid } };
      }
      return { form: 'cancel', texts, extras: { selectedOrder: findOrder(ctx, oneWord(r, 'order')) } };
    },
  }),
  formCommand({ path: ['cancel-all'], form: 'cancelAll', summary: 'cancel every open order of the contract (asks to confirm: --yes)' }),
  formCommand({
    path: ['tpsl'],
    form: 'tpSl',
    usage: '[--tp-px P] [--tp-sz S] [--sl-px P] [--sl-sz S]',
    summary: 'set take-profit and stop-loss on the contract\'s position',
  }),
  formCommand({ path: ['tpsl', 'cancel'], form: 'cancelTpSl', summary: 'remove the position\'s take-profit and stop-loss' }),
  formCommand({ path: ['conditional', 'cancel'], form: 'cancelConditional', usage: 'ID', positional: ['id'], summary: 'cancel one conditional (trigger) order by id' }),
  formCommand({ path: ['flatten'], form: 'order', fieldFlags: false, summary: 'close the contract\'s position with a reduce-only Ioc bounded 5% through the mark', request: closing('flatten') }),
  formCommand({ path: ['reverse'], form: 'order', fieldFlags: false, summary: 'turn the position around: an Ioc of twice its size, bounded 5% through the mark', request: closing('reverse') }),
  formCommand({ path: ['leverage'], form: 'leverage', usage: 'N', positional: ['leverage'], summary: 'set the contract\'s leverage' }),
  formCommand({ path: ['margin-mode'], form: 'marginMode', usage: 'cross|isolated', positional: ['mode'], summary: 'set the contract\'s margin mode' }),
  formCommand({ path: ['isolated-margin'], form: 'isolatedMargin', usage: 'add|remove AMOUNT', positional: ['direction', 'amount'], summary: 'move margin into or out of the isolated position' }),
  formCommand({ path: ['collateral', 'lock'], form: 'lockCollateral', usage: 'AMOUNT [--deployer ID] [--coin NAME]', positional: ['amount'], summary: 'chain balance -> a market deployer\'s cross pool' }),
  formCommand({ path: ['collateral', 'unlock'], form: 'unlockCollateral', usage: 'AMOUNT [--deployer ID] [--coin NAME]', positional: ['amount'], summary: 'a market deployer\'s cross pool -> chain balance' }),
  formCommand({ path: ['collateral', 'transfer'], form: 'transferBetweenDeployers', usage: 'AMOUNT --from ID --to ID [--coin NAME]', positional: ['amount'], summary: 'between two market deployers\' cross pools' }),
  formCommand({ path: ['group', 'deposit'], form: 'transferMdToShareGroup', usage: 'AMOUNT --group ID [--deployer ID] [--coin NAME]', positional: ['amount'], summary: 'a deployer\'s cross pool -> a share group' }),
  formCommand({ path: ['group', 'withdraw'], form: 'transferShareGroupToMd', usage: 'AMOUNT --group ID [--deployer ID] [--coin NAME]', positional: ['amount'], summary: 'a share group -> a deployer\'s cross pool' }),
  formCommand({ path: ['group', 'lock'], form: 'lockIntoShareGroup', usage: 'AMOUNT --group ID [--coin NAME]', positional: ['amount'], summary: 'chain balance -> a share group' }),
  formCommand({ path: ['group', 'unlock'], form: 'unlockFromShareGroup', usage: 'AMOUNT --group ID [--coin NAME]', positional: ['amount'], summary: 'a share group -> chain balance' }),
  formCommand({ path: ['margin-share-type'], form: 'setMarginShareType', usage: 'UNIFIED|PORTFOLIO', positional: ['shareType'], summary: 'margin per market deployer, or shared share-group pools' }),
  formCommand({ path: ['agent', 'approve'], form: 'approveAgent', usage: 'ADDRESS [--name NAME] [--days N]', positional: ['address'], summary: 'let an agent key trade for the account (master key)' }),
  formCommand({ path: ['agent', 'revoke'], form: 'revokeAgent', usage: 'ADDRESS', positional: ['address'], summary: 'withdraw an agent\'s approval (master key)' }),
  formCommand({ path: ['enroll'], form: 'enroll', usage: '[--deployer ID]', summary: 'enroll the account with a market deployer' }),
  formCommand({ path: ['fees', 'set'], form: 'updateFeeSetting', usage: '--user 0x... --taker RATE --maker RATE [--deployer ID]', summary: 'set a user\'s fee rates (the deployer\'s operator key)' }),
];

