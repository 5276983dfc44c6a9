/**
 * The WebSocket address of a deployment when only its REST base is given: the same host
 * and path, ws(s) for http(s), with `/ws` appended to the path (a query string stays a
 * query string).
 */
export function defaultWsUrl(base: string): string {
  const u = new URL(base);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/ws`;
  return u.toString();
}
