import type { Remedy } from '../forms/index.js';

/** A blocker's fix as the command that does it, so a script's log says what to run next. */
export const commandRemedy: Remedy = (a) => {
  switch (a.command) {
    case 'deployer.enroll':
      return `run perpdesk enroll${a.params?.['deployer'] ? ` --deployer ${a.params['deployer']}` : ''}`;
    case 'contract.pick':
      return 'name an active one with --contract (perpdesk contracts lists them)';
    case 'collateral.move':
      return `${a.text} (perpdesk collateral lock, perpdesk group deposit)`;
    default:
      return undefined;
  }
};
