/**
 * The deepest nesting of objects and arrays a request body or WebSocket frame may have.
 * The API's deepest document (a batch of trigger orders inside an envelope) is about six
 * levels; anything past this limit is refused before JSON.parse or any recursive walk can
 * overflow the stack on it.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `max`. One pass over the text,
 * no recursion; brackets inside strings do not count. Text that is not valid JSON is left
 * for JSON.parse to refuse.
 */
export function exceedsJsonDepth(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}
