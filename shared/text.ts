/**
 * Control characters: C0 and C1 (line breaks, tabs, NUL, escape...) and the Unicode line and paragraph
 * separators. None belongs in a name, a title or an address, and a line break in one would reach an
 * email's subject as a new header line.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_RUNS = /[\p{Cc}\u2028\u2029]+/gu;

/** `text` on one line: every run of control characters becomes one space. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_RUNS, " ");
}
