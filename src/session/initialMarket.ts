import type { Configs, L2Book } from '../protocol/wire/index.js';

/** The market read just before a session starts, so its first frame already shows it. */
export interface InitialMarket {
  configs: Configs;
  books: L2Book[];
}
