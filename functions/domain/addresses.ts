/**
 * The form a viewer's address takes wherever it is a key (login, two-factor, registration and
 * forgot-password counters, open sockets): an IPv4 address as it is, an IPv6 address as its /64.
 * One IPv6 subscriber is handed a whole /64 (2^64 addresses), so keying on the full address would let
 * one machine count as endless viewers. Compressed, zero-padded, upper-case, zoned and IPv4-mapped
 * forms of one address give one key. Pure.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const GROUP = /^[0-9a-f]{1,4}$/;

function ipv4Octets(text: string): number[] | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  let rest = text.toLowerCase();
  const zone = rest.indexOf("%");
  if (zone >= 0) rest = rest.slice(0, zone);
  let tail: number[] = [];
  const lastColon = rest.lastIndexOf(":");
  if (rest.includes(".")) {
    // An embedded IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
    const octets = ipv4Octets(rest.slice(lastColon + 1));
    if (!octets || lastColon < 0) return null;
    tail = [(octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!];
    rest = rest.slice(0, lastColon + 1);
    if (!rest.endsWith("::")) rest = rest.slice(0, -1);
  }
  const halves = rest.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const back = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...back].every((g) => GROUP.test(g))) return null;
  const known = head.length + back.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = Array.from({ length: 8 - known }, () => 0);
  return [
    ...head.map((g) => Number.parseInt(g, 16)),
    ...zeros,
    ...back.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ];
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
