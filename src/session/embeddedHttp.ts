import type { HttpOptions } from '../client/http.js';

/**
 * How this process talks to its own embedded exchange: Node's HTTP client, whose parser is
 * built in, rather than undici's pool, which loads its package and compiles a WebAssembly
 * parser first (about 0.1 s of CPU before the first frame of a start, docs/performance.md,
 * start-up). The venue is on loopback in this process; nothing of the pool's is needed.
 * (Onboarding and the first market read do not even connect: embeddedDirect.ts.)
 */
export const EMBEDDED_HTTP: Partial<Omit<HttpOptions, 'baseUrl'>> = { engine: 'node' };
