import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The kernel's range for the local ports of outgoing connections (Linux), or its usual default.
 * A port inside it can be taken at any moment by some process's connection, and a live
 * connection on a port makes `listen` on it fail with EADDRINUSE.
 */
function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // not Linux: assume the IANA dynamic range
  }
  return { low: 49152, high: 65535 };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A base port whose next `count` ports are all free on 127.0.0.1, for processes that bind them
 * later, or are killed and start again on them. They are picked outside the ephemeral range, so
 * no outgoing connection takes one in the meantime.
 */
export async function freePortRange(count: number): Promise<number> {
  const { low, high } = ephemeralRange();
  const below = { from: 10_000, to: Math.min(low, 65_536) - count };
  const above = { from: Math.max(high + 1, 10_000), to: 65_536 - count };
  const span = below.to > below.from ? below : above;
  if (span.to <= span.from) throw new Error('no port range outside the ephemeral ports');
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = span.from + Math.floor(Math.random() * (span.to - span.from));
    const ports = Array.from({ length: count }, (_, n) => base + n);
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return base;
  }
  throw new Error('no free port range found');
}

/** One free port, as `freePortRange` picks them. */
export function freePort(): Promise<number> {
  return freePortRange(1);
}
