import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ManagedProcess, startCommand, waitUntilReady } from './processes.js';

export interface NatsMemberPorts {
  client: number;
  cluster: number;
  monitor: number;
}

export interface NatsMember {
  /** Its server name, which JetStream clustering needs unique: `nats-1`, `nats-2`, `nats-3`. */
  name: string;
  ports: NatsMemberPorts;
  url: string;
  monitorUrl: string;
  /** Its JetStream store; it outlives a kill, as a member's volume outlives its pod. */
  store: string;
}

/**
 * Three `nats-server -js` members on this machine, routed to each other as infra/k8s's
 * StatefulSet is: each its own ports and store folder, all in one cluster named `uapqa`.
 */
export function natsClusterMembers(portsOf: (index: number) => NatsMemberPorts): NatsMember[] {
  const stores = mkdtempSync(join(tmpdir(), 'uapqa-nats-cluster-'));
  return [0, 1, 2].map((index) => {
    const ports = portsOf(index);
    return {
      name: `nats-${index + 1}`,
      ports,
      url: `nats://127.0.0.1:${ports.client}`,
      monitorUrl: `http://127.0.0.1:${ports.monitor}`,
      store: join(stores, `nats-${index + 1}`),
    };
  });
}

/** Removes the members' stores (all under one temporary folder). */
export function removeNatsStores(members: NatsMember[]): void {
  const parent = members[0] && join(members[0].store, '..');
  if (parent) rmSync(parent, { recursive: true, force: true });
}

export function startNatsMember(
  binary: string,
  member: NatsMember,
  members: NatsMember[],
  output: NodeJS.WritableStream,
): ManagedProcess {
  const routes = members.map((other) => `nats://127.0.0.1:${other.ports.cluster}`).join(',');
  return startCommand(
    member.name,
    binary,
    [
      ...['--server_name', member.name, '-a', '127.0.0.1', '-p', String(member.ports.client)],
      ...['-m', String(member.ports.monitor), '-js', '-sd', member.store],
      ...['--cluster_name', 'uapqa', '--cluster', `nats://127.0.0.1:${member.ports.cluster}`],
      ...['--routes', routes],
    ],
    {},
    output,
  );
}

/**
 * Waits until the member's /healthz says it serves JetStream: connected to the cluster, a meta
 * leader known and its own copies of the streams caught up.
 */
export function waitForNatsMember(member: NatsMember, proc: ManagedProcess): Promise<void> {
  return waitUntilReady(`${member.monitorUrl}/healthz`, proc, 60_000);
}

/**
 * The name of the member leading the JetStream meta group (the one that places streams and
 * consumers), as any live member's /jsz reports it; undefined while none is elected.
 */
export async function natsMetaLeader(members: NatsMember[]): Promise<string | undefined> {
  for (const member of members) {
    try {
      const response = await fetch(`${member.monitorUrl}/jsz`, {
        signal: AbortSignal.timeout(1000),
      });
      if (!response.ok) continue;
      const jsz = (await response.json()) as { meta_cluster?: { leader?: string } };
      if (jsz.meta_cluster?.leader) return jsz.meta_cluster.leader;
    } catch {
      // this member is down; ask the next
    }
  }
  return undefined;
}
