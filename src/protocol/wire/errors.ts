/**
 * Codes and messages the exchange answers with. Messages quoted by the spec are verbatim;
 * numeric errorCode values are not shown by the spec, so these numbers are ours
 * (docs/protocol.md lists them). Clients show errorMessage verbatim and never rely on the number.
 */
export const HTTP_ERROR = {
  BAD_REQUEST: 400,
  UNKNOWN_ACTION: 400,
  UNKNOWN_QUERY: 400,
  NONCE_INVALID: 400,
  ALREADY_REGISTERED: 400,
  SIGNATURE_INVALID: 401,
  INVITE_CODE_INVALID: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type HttpErrorCode = keyof typeof HTTP_ERROR;

export const BUSINESS_ERROR = {
  // modify (spec 4.6)
  ORDER_NOT_FOUND: { code: 1001, message: 'orderId not found' },
  CLOID_NOT_FOUND: { code: 1002, message: 'clOrdId not found' },
  ORDER_ALREADY_CANCELED: { code: 1003, message: 'order already canceled' },
  ORDER_NOT_OPEN: { code: 1004, message: 'order not open' },
  SIZE_NOT_ABOVE_FILLED: { code: 1005, message: 'new size must exceed already-filled amount' },
  MODIFY_TIF: { code: 1006, message: 'modify supports resting TIF only (GTC / POST_ONLY)' },
  MODIFY_MARKETABLE: { code: 1007, message: 'modified price is marketable (would cross the book); cancel and place a new order instead' },
  CLOID_IN_USE: { code: 1008, message: 'newClientOrderId already in use by an active order' },
  MODIFY_MARGIN: { code: 1009, message: 'insufficient margin for modified order' },
  // modify, causes the spec's table does not cover (ours)
  INVALID_SIZE: { code: 1010, message: 'size is not a positive multiple of the step size' },
  INVALID_PRICE: { code: 1011, message: 'price is not a positive multiple of the tick size' },
  PRICE_EXCEEDS_MAX_TICKS: { code: 1012, message: 'price exceeds maxTicks' },
  REDUCE_ONLY_EXCEEDS: { code: 1013, message: 'reduce only order would increase position' },
  // updateIsolatedMargin (spec 4.7)
  NTLI_ZERO: { code: 2001, message: 'action.ntli must be non-zero' },
  NO_ISOLATED_POSITION: { code: 2002, message: 'no isolated position to adjust' },
  NO_ISOLATED_SLOT: { code: 2003, message: 'no isolated collateral slot' },
  INSUFFICIENT_CROSS: { code: 2004, message: 'insufficient cross balance' },
  EXCEEDS_WITHDRAWABLE_CROSS: { code: 2005, message: 'amount exceeds withdrawable cross margin' },
  NOT_ENOUGH_ISOLATED: { code: 2006, message: 'not enough isolated margin to remove' },
  REMOVAL_LEVERAGE: { code: 2007, message: 'removal would push effective leverage above position leverage' },
  MARK_NOT_READY: { code: 2008, message: 'mark price not ready' },
  // collateral and share groups (spec 4.8)
  INSUFFICIENT_BALANCE: { code: 3001, message: 'insufficient balance' },
  NOT_PORTFOLIO: { code: 3002, message: 'account not in PORTFOLIO mode' },
  UNKNOWN_GROUP: { code: 3003, message: 'unknown or inaccessible groupId' },
  AMOUNT_NOT_POSITIVE: { code: 3004, message: 'amount must be above zero' },
  UNKNOWN_MARKET_DEPLOYER: { code: 3005, message: 'unknown market deployer' },
  NOT_ENROLLED: { code: 3006, message: 'not enrolled in market deployer' },
  INSUFFICIENT_MARGIN: { code: 3007, message: 'insufficient margin' },
  UNKNOWN_COIN: { code: 3008, message: 'unknown coin' },
  BAD_AMOUNT: { code: 3009, message: 'amount must be a whole number of smallest units' },
  GROUP_FROZEN: { code: 3010, message: 'share margin group is FROZEN' },
  // agents (open-points)
  AGENT_NOT_AUTHORIZED: { code: 4001, message: 'agent not authorized' },
  NAMED_SLOTS_FULL: { code: 4002, message: 'named agent slots full' },
  AGENT_OTHER_MASTER: { code: 4003, message: 'agent registered under another master' },
  ANONYMOUS_SLOT_FULL: { code: 4004, message: 'anonymous agent slot full' },
  AGENT_NOT_FOUND: { code: 4005, message: 'agent not found' },
  AGENT_IS_ACCOUNT: { code: 4006, message: 'agent address is a registered account' },
  // leverage, margin mode, conditionals, fees, enrollment
  UNKNOWN_CONTRACT: { code: 5001, message: 'unknown contract' },
  CONTRACT_DELISTED: { code: 5002, message: 'contract is not active' },
  LEVERAGE_INVALID: { code: 5003, message: 'leverage outside the contract tiers' },
  LEVERAGE_MARGIN: { code: 5004, message: 'insufficient margin for lower leverage' },
  MARGIN_MODE_OPEN: { code: 5005, message: 'cannot change margin mode with an open position or order' },
  NO_POSITION: { code: 5006, message: 'no position' },
  CONDITIONAL_NOT_FOUND: { code: 5007, message: 'conditional order not found' },
  TPSL_EMPTY: { code: 5008, message: 'tp or sl required' },
  TRIGGER_INVALID: { code: 5009, message: 'invalid trigger price' },
  NOT_OPERATOR: { code: 5010, message: 'only the market deployer operator may update fees' },
  FEE_RATE_INVALID: { code: 5011, message: 'fee rate out of range' },
  ALREADY_ENROLLED: { code: 5012, message: 'already enrolled' },
  UNKNOWN_ACCOUNT: { code: 5013, message: 'unknown account' },
  TRIGGER_SIZE_INVALID: { code: 5014, message: 'invalid trigger size' },
  // an action the exchange knows but does not serve yet (embedded exchange while being built)
  NOT_IMPLEMENTED: { code: 9001, message: 'not implemented' },
} as const;

export type BusinessErrorKey = keyof typeof BUSINESS_ERROR;
