/**
 * The form a viewer's address takes wherever it is a key (login, two-factor, registration and
 * forgot-password counters, open sockets): an IPv4 address as it is, an IPv6 address as its /64.
 * One IPv6 subscriber is handed a whole /64 (2^64 addresses), so keying on the full address would let
 * one machine count as endless viewers. Compressed, zero-padded, upper-case, zoned and IPv4-mapped
 * forms of one address give one key. Pure.
 */

/**
 * The eight 16-bit groups of an IPv6 address, or null when it is not one. The WHATWG URL parser (in
 * every runtime) does the parsing, embedded IPv4 included, and answers the canonical compressed form.
 */
function ipv6Groups(text: string): number[] | null {
  let host: string;
  try {
    host = new URL(`http://[${text.split("%")[0]}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = "", back = ""] = host.split("::");
  const groups = (part: string) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const known = [...groups(head), ...groups(back)];
  return [...groups(head), ...Array<number>(8 - known.length).fill(0), ...groups(back)];
}

/**
 * The key of `address`: `192.0.2.1` for IPv4 (and for IPv4-mapped IPv6, ::ffff:192.0.2.1), the /64
 * as `2001:db8:1:2::/64` for IPv6. Anything else is returned as it came (trimmed), never merged
 * with a real address.
 */
export function addressKey(address: string): string {
  const text = address.trim();
  if (!text.includes(":")) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
