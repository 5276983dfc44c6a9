export { createSession, type Session, type SessionOptions } from './createSession.js';
export { openTarget, resolveContract, StartupError, type Target } from './target.js';
export { startEmbedded } from './embedded.js';
export { runOnboarding, OnboardingError, AGENT_NAME } from './onboarding.js';
