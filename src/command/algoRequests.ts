import type { ChaseRequest } from '../algo/chasePlan.js';
import type { ScaleRequest } from '../algo/scalePlan.js';
import type { TrailingStopRequest } from '../algo/trailingStopPlan.js';
import type { TwapRequest } from '../algo/twapPlan.js';
import type { CommandRun } from './commandSpec.js';
import { usage } from './algoForeground.js';
import { parseDuration } from '../format/parseDuration.js';

/**
 * The words of `perpdesk algo twap|scale|chase|trail` as the runner's requests. Only the
 * shape is checked here (which words, which options, whole numbers, durations); sizes and
 * prices are checked against the contract by the planners, which name the field they refuse.
 */

function optionText(r: CommandRun, name: string): string | undefined {
  const value = r.options[name];
  return typeof value === 'string' ? value : undefined;
}

/** `buy|sell SIZE CONTRACT` and nothing after. */
function sideSizeContract(r: CommandRun, verb: string, example: string): { side: 'buy' | 'sell'; size: string; contract: string } {
  const [side, size, contract, ...rest] = r.positionals;
  if (side !== 'buy' && side !== 'sell') throw usage(`algo ${verb}: say buy or sell, ${example}`);
  if (size === undefined || contract === undefined) throw usage(`algo ${verb}: give the size and the contract, ${example}`);
  if (rest.length > 0) throw usage(`algo ${verb}: unexpected words: ${rest.join(' ')}`);
  return { side, size, contract };
}

function required(r: CommandRun, verb: string, name: string, what: string, example: string): string {
  const text = optionText(r, name);
  if (text === undefined) throw usage(`algo ${verb}: --${name} is missing (${what}), ${example}`);
  return text;
}

function durationOption(r: CommandRun, name: string): number | undefined {
  const text = optionText(r, name);
  if (text === undefined) return undefined;
  const ms = parseDuration(text);
  if (ms === undefined) throw usage(`--${name} must be a duration such as 500ms, 30s or 1m`);
  return ms;
}

function wholeOption(r: CommandRun, name: string): number | undefined {
  const text = optionText(r, name);
  if (text === undefined) return undefined;
  if (!/^\d{1,6}$/.test(text)) throw usage(`--${name} must be a whole number`);
  return Number(text);
}

function choiceOption<T extends string>(r: CommandRun, name: string, choices: readonly T[]): T | undefined {
  const text = optionText(r, name);
  if (text === undefined) return undefined;
  const found = choices.find((c) => c.toLowerCase() === text.toLowerCase());
  if (found === undefined) throw usage(`--${name} is one of ${choices.join(', ')}`);
  return found;
}

const reduceOnly = (r: CommandRun) => r.options['reduce-only'] === true;

export function twapRequest(r: CommandRun): TwapRequest {
  const example = 'e.g. perpdesk algo twap buy 10 SOL1 --duration 10m --slices 10 --band 1%';
  const { side, size, contract } = sideSizeContract(r, 'twap', example);
  const durationMs = durationOption(r, 'duration');
  if (durationMs === undefined) throw usage(`algo twap: --duration is missing, ${example}`);
  const band = required(r, 'twap', 'band', 'the most a slice may trade from the arrival mark', example);
  const slices = wholeOption(r, 'slices');
  const intervalMs = durationOption(r, 'interval');
  if ((slices === undefined) === (intervalMs === undefined)) throw usage('algo twap: give one of --slices N or --interval 30s');
  const req: TwapRequest = { contract, side, size, durationMs, bandPct: band.replace(/%$/, ''), reduceOnly: reduceOnly(r) };
  if (slices !== undefined) req.slices = slices;
  else req.intervalMs = intervalMs;
  if (r.args.seed !== undefined) req.seed = r.args.seed;
  return req;
}

export function scaleRequest(r: CommandRun): ScaleRequest {
  const example = 'e.g. perpdesk algo scale buy 10 SOL1 --orders 5 --from 99 --to 95';
  const { side, size, contract } = sideSizeContract(r, 'scale', example);
  const orders = wholeOption(r, 'orders');
  if (orders === undefined) throw usage(`algo scale: --orders is missing (how many orders), ${example}`);
  const req: ScaleRequest = {
    contract,
    side,
    size,
    orders,
    from: required(r, 'scale', 'from', "the first order's price", example),
    to: required(r, 'scale', 'to', "the last order's price", example),
    reduceOnly: reduceOnly(r),
  };
  const skew = choiceOption(r, 'skew', ['flat', 'up', 'down', 'geometric'] as const);
  if (skew !== undefined) req.skew = skew;
  const ratio = optionText(r, 'ratio');
  if (ratio !== undefined) {
    if (skew !== 'geometric') throw usage('--ratio goes with --skew geometric');
    req.ratio = ratio;
  }
  const tif = choiceOption(r, 'tif', ['Gtc', 'Alo'] as const);
  if (tif !== undefined) req.tif = tif;
  return req;
}

export function chaseRequest(r: CommandRun): ChaseRequest {
  const example = 'e.g. perpdesk algo chase buy 2 SOL1 --max-distance 5';
  const { side, size, contract } = sideSizeContract(r, 'chase', example);
  const req: ChaseRequest = { contract, side, size, maxDistance: required(r, 'chase', 'max-distance', 'how far the order may follow the book', example), reduceOnly: reduceOnly(r) };
  const offset = wholeOption(r, 'offset-ticks');
  if (offset !== undefined) req.offsetTicks = offset;
  const atLimit = choiceOption(r, 'at-limit', ['stop', 'cross'] as const);
  if (atLimit !== undefined) req.atLimit = atLimit;
  const interval = durationOption(r, 'interval');
  if (interval !== undefined) req.intervalMs = interval;
  return req;
}

export function trailRequest(r: CommandRun): TrailingStopRequest {
  const example = 'e.g. perpdesk algo trail SOL1 --distance 2 (or --percent 1.5)';
  const [contract, ...rest] = r.positionals;
  if (contract === undefined) throw usage(`algo trail: name the contract whose position it trails, ${example}`);
  if (rest.length > 0) throw usage(`algo trail: unexpected words: ${rest.join(' ')}`);
  const distance = optionText(r, 'distance');
  const percent = optionText(r, 'percent');
  if ((distance === undefined) === (percent === undefined)) throw usage(`algo trail: give one of --distance PX or --percent P, ${example}`);
  const req: TrailingStopRequest = { contract };
  if (distance !== undefined) req.distance = distance;
  else req.percent = percent!.replace(/%$/, '');
  const through = wholeOption(r, 'through-ticks');
  if (through !== undefined) req.throughTicks = through;
  const bound = optionText(r, 'bound');
  if (bound !== undefined) req.boundPercent = bound.replace(/%$/, '');
  const interval = durationOption(r, 'interval');
  if (interval !== undefined) req.intervalMs = interval;
  return req;
}
