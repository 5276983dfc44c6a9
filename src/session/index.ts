export { createSession, type Session, type SessionEvent, type SessionKeys, type SessionOptions, type SessionTarget, type InitialMarket } from './createSession.js';
export { DEFAULT_POLL, type PollCadence } from './pollCadence.js';
export { openTarget, resolveContract, startEmbeddedTarget, startRemoteTarget, StartupError, type Target, type TargetSpec } from './target.js';
export { startEmbedded, demoKey, type EmbeddedExchange, type EmbeddedOptions } from './embedded.js';
export { runOnboarding, OnboardingError, AGENT_NAME, type OnboardingOptions } from './onboarding.js';
