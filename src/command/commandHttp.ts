/** A command sends a handful of requests and exits: Node's own HTTP client (src/client/nodeHttpSend.ts). */
export const COMMAND_HTTP = { engine: 'node' } as const;
