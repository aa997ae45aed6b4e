/** How deep a shoe log line nests (shoe-log.ts refuses a line deeper than the bound). */

/**
 * The deepest nesting a line may have: an event is an object of plain values,
 * its rules and prison list one or two levels down. A line nested thousands
 * deep overflowed the stack of every recursive reader after it (the canonical
 * JSON of verify).
 */
export const MAX_LINE_DEPTH = 8;

/** How deep the brackets of a JSON text nest, strings skipped; stops counting past `limit`. */
export function nesting(text: string, limit: number): number {
  // No deeper than its opening brackets: counted natively, the loop below runs only on a line with more than `limit`.
  let opening = 0;
  for (const bracket of '{[') for (let k = text.indexOf(bracket); k !== -1 && opening <= limit; k = text.indexOf(bracket, k + 1)) opening++;
  if (opening <= limit) return opening;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (inString) {
      if (c === 92)
        k++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}
