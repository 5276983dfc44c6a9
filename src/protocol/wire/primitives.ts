import * as v from 'valibot';

/** JSON-number integers that must stay exact (ids, nonces, validUntil). */
export const SafeInt = v.pipe(v.number(), v.safeInteger());
export const Int32 = v.pipe(v.number(), v.integer(), v.minValue(-(2 ** 31)), v.maxValue(2 ** 31 - 1));
export const UInt32 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 32 - 1));
export const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x address of 40 hex digits'));
/** Human decimal strings (p, s, px, sz): scale checks belong to the contract, not the wire. */
export const DecimalString = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, 'expected a decimal string'));
/** Raw integer strings: coin amounts and balances in smallest units (may be signed for PnL). */
export const RawIntString = v.pipe(v.string(), v.regex(/^-?\d+$/, 'expected an integer string'));
/** Client order id: int64 decimal digits. */
export const CloidString = v.pipe(v.string(), v.regex(/^\d{1,19}$/, 'expected int64 decimal digits'));
export const Tif = v.picklist(['Gtc', 'Ioc', 'Alo']);

export type Tif = v.InferOutput<typeof Tif>;
