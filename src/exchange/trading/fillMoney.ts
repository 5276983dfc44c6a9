/** The money side of one fill for one account, in raw collateral units, as its fill event reports it. */
export interface FillMoney {
  fee: bigint;
  closedPnl: bigint;
}
