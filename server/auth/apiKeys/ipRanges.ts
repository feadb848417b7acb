/**
 * A key's IP allowlist: addresses or CIDR ranges, IPv4 and IPv6, matched with node:net's
 * BlockList (which compares the numbers, so `2001:db8::1` and `2001:0db8:0:0:0:0:0:1` are one).
 */
import net from 'node:net';

/** The address as a range list compares it: an IPv4 address a dual-stack socket reports as `::ffff:a.b.c.d` is that IPv4 address. */
export function plainAddress(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1] : ip;
}

/** An entry as stored (trimmed), or null when it is neither an address nor a CIDR range. */
export function parseIpEntry(entry: string): string | null {
  const s = entry.trim();
  const [addr, prefix, extra] = s.split('/');
  if (extra !== undefined) return null;
  const family = net.isIP(addr);
  if (family === 0) return null;
  if (prefix === undefined) return s;
  if (!/^\d{1,3}$/.test(prefix)) return null;
  return Number(prefix) <= (family === 4 ? 32 : 128) ? s : null;
}

/** Whether `ip` is in one of the entries (an empty list allows any address). */
export function ipAllowed(entries: readonly string[], ip: string): boolean {
  if (entries.length === 0) return true;
  const list = new net.BlockList();
  for (const e of entries) {
    const [addr, prefix] = e.split('/');
    const type = net.isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(prefix), type);
  }
  const a = plainAddress(ip);
  const family = net.isIP(a);
  if (family === 0) return false;
  return list.check(a, family === 6 ? 'ipv6' : 'ipv4');
}
