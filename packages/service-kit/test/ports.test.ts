import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, freePortRange } from '../src/testing/ports.js';

const RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('free ports for processes to bind later', () => {
  it('gives a range whose every port can be listened on', async () => {
    const base = await freePortRange(6);
    const servers = await Promise.all(Array.from({ length: 6 }, (_, n) => listenOn(base + n)));
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  });

  it.runIf(existsSync(RANGE_FILE))(
    "keeps out of the kernel's ephemeral range, where any outgoing connection may take a port",
    async () => {
      const [low, high] = readFileSync(RANGE_FILE, 'utf8').trim().split(/\s+/).map(Number);
      for (let n = 0; n < 20; n++) {
        const base = await freePortRange(6);
        const last = base + 5;
        expect(last < low! || base > high!, `${base}..${last} vs ${low}..${high}`).toBe(true);
        const single = await freePort();
        expect(single < low! || single > high!).toBe(true);
      }
    },
  );
});
