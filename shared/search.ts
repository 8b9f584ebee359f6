/**
 * The admin lists' search: every word of the search appears in one of the texts, any case. The server
 * answers `?q=` with it and the web uses it for lists it holds whole, so both agree on what matches.
 */
export function matchesSearch(search: string, ...texts: readonly string[]): boolean {
  const haystack = texts.join(" ").toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
