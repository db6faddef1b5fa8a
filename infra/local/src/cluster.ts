import { gatewayService } from '@uapqa/gateway';
import type { LocalConfig } from './config.js';
import { ensureDatabases } from './databases.js';
import {
  type NatsMember,
  natsClusterMembers,
  natsMetaLeader,
  removeNatsStores,
  startNatsMember,
  waitForNatsMember,
} from './nats-cluster.js';
import { type Nginx, startNginx } from './nginx.js';
import { type ManagedProcess, startProcess, waitUntilReady } from './processes.js';
import { SERVICES } from './stack.js';

/** Replicas of each service and of the gateway, as infra/k8s runs at least. */
export const REPLICAS = 2;

/**
 * Where everything listens, from BASE_PORT: nginx balances the gateways on PORT and each
 * service on BASE_PORT + its offset (what the other processes call it by, as a Kubernetes
 * Service name); replica r (1, 2) of a service is at BASE_PORT + 10r + its offset and of the
 * gateway at BASE_PORT + 10r + 6; NATS member m (0–2) takes BASE_PORT + 30 + m for clients,
 * + 33 + m for routes and + 36 + m for monitoring.
 */
export const CLUSTER_PORT_SPAN = 40;
const replicaPort = (base: number, replica: number, offset: number) => base + 10 * replica + offset;
const GATEWAY_OFFSET = 6;

interface ProcessSpec {
  name: string;
  start(): ManagedProcess;
  ready(proc: ManagedProcess): Promise<void>;
}

export interface ClusterStack {
  /** The public address: nginx in front of the gateways. */
  url: string;
  /** Each service's balanced address, by name. */
  serviceUrls: Record<string, string>;
  /** Every replica's own address, by process name (`questions-1`, `gateway-2`). */
  replicaUrls: Record<string, string>;
  natsMembers: NatsMember[];
  /** The running processes: NATS members, nginx, every replica. */
  processes: ManagedProcess[];
  /** The NATS member leading JetStream's meta group, once one is elected. */
  metaLeader(): Promise<string | undefined>;
  /** `kill -9` one process (`nats-2`, `billing-1`, `gateway-2`), as a crash would. */
  kill(name: string): Promise<void>;
  /** Starts a killed process again with the same settings and waits until it is ready. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The distributed mode as a production cluster runs it, on one machine: three JetStream
 * members with every stream on all three, two replicas of each service and of the gateway, nginx
 * balancing them. Only configuration differs from the single-replica mode: no process is told
 * how it is deployed.
 */
export async function startClusterStack(
  config: LocalConfig,
  output: NodeJS.WritableStream = process.stdout,
): Promise<ClusterStack> {
  const base = config.BASE_PORT;
  const members = natsClusterMembers((m) => ({
    client: base + 30 + m,
    cluster: base + 33 + m,
    monitor: base + 36 + m,
  }));
  const databases = await ensureDatabases(
    config.POSTGRES_URL,
    SERVICES.map((service) => `${config.DATABASE_PREFIX}${service.name}`),
  );
  const serviceUrls: Record<string, string> = {};
  const urlVariables: Record<string, string> = {};
  for (const service of SERVICES) {
    serviceUrls[service.name] = `http://127.0.0.1:${base + service.offset}`;
    urlVariables[service.urlVariable] = serviceUrls[service.name]!;
  }
  const replicas = Array.from({ length: REPLICAS }, (_, index) => index + 1);
  const shared = {
    ...urlVariables,
    // The first member: the client learns the others from it and moves to one when it goes.
    NATS_URL: members[0]!.url,
    NATS_STREAM_PREFIX: config.NATS_STREAM_PREFIX,
    NATS_STREAM_REPLICAS: '3',
    LOG_LEVEL: config.LOG_LEVEL,
    MAILBOX_DIR: config.MAILBOX_DIR,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    ...(config.SMTP_URL ? { SMTP_URL: config.SMTP_URL } : {}),
    ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL } : {}),
  };

  const replicaUrls: Record<string, string> = {};
  const specs: ProcessSpec[] = members.map((member) => ({
    name: member.name,
    start: () => startNatsMember(config.NATS_SERVER_BIN, member, members, output),
    ready: (proc) => waitForNatsMember(member, proc),
  }));
  let nginx: Nginx | undefined;
  specs.push({
    name: 'nginx',
    start: () => {
      nginx = startNginx(
        config.NGINX_BIN,
        {
          ingress: {
            name: 'gateway',
            port: config.PORT,
            replicaPorts: replicas.map((r) => replicaPort(base, r, GATEWAY_OFFSET)),
          },
          services: SERVICES.map((service) => ({
            name: service.name,
            port: base + service.offset,
            replicaPorts: replicas.map((r) => replicaPort(base, r, service.offset)),
          })),
          readTimeoutSeconds: 30,
        },
        output,
      );
      return nginx.process;
    },
    // Listening, even with no replica behind it yet: its JSON 503 is an answer.
    ready: (proc) => waitUntilListening(`http://127.0.0.1:${config.PORT}/`, proc),
  });
  // Every replica of a service before the next service: the first applies the migrations.
  for (const service of SERVICES) {
    for (const r of replicas) {
      const port = replicaPort(base, r, service.offset);
      const name = `${service.name}-${r}`;
      replicaUrls[name] = `http://127.0.0.1:${port}`;
      const env = {
        ...shared,
        PORT: String(port),
        DATABASE_URL: databases[`${config.DATABASE_PREFIX}${service.name}`]!,
        ADMIN_USERNAME: config.ADMIN_USERNAME,
        ADMIN_PASSWORD: config.ADMIN_PASSWORD,
      };
      specs.push({
        name,
        start: () => startProcess(name, service.script, env, output),
        ready: (proc) => waitUntilReady(`${replicaUrls[name]}/ready`, proc, 60_000),
      });
    }
  }
  for (const r of replicas) {
    const port = replicaPort(base, r, GATEWAY_OFFSET);
    const name = `gateway-${r}`;
    replicaUrls[name] = `http://127.0.0.1:${port}`;
    const env = { ...shared, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'true' };
    specs.push({
      name,
      start: () => startProcess(name, gatewayService.main, env, output),
      ready: (proc) => waitUntilReady(`${replicaUrls[name]}/api/health`, proc, 60_000),
    });
  }

  const running = new Map<string, ManagedProcess>();
  const specOf = (name: string) => {
    const spec = specs.find((candidate) => candidate.name === name);
    if (!spec) throw new Error(`No process named ${name} in the cluster`);
    return spec;
  };
  const launch = async (spec: ProcessSpec) => {
    const proc = spec.start();
    running.set(spec.name, proc);
    await spec.ready(proc);
  };
  const stop = async () => {
    for (const spec of [...specs].reverse()) {
      if (spec.name === 'nginx') await nginx?.remove();
      else await running.get(spec.name)?.stop();
    }
    removeNatsStores(members);
  };
  try {
    // The members form the cluster together: none is ready until a quorum is up.
    const natsSpecs = specs.filter((spec) => members.some((member) => member.name === spec.name));
    await Promise.all(natsSpecs.map(launch));
    for (const spec of specs.slice(natsSpecs.length)) await launch(spec);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://localhost:${config.PORT}`,
    serviceUrls,
    replicaUrls,
    natsMembers: members,
    get processes() {
      return specs.map((spec) => running.get(spec.name)!).filter(Boolean);
    },
    metaLeader: () => natsMetaLeader(members),
    async kill(name) {
      specOf(name);
      const proc = running.get(name);
      if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      proc.child.kill('SIGKILL');
      await exited;
    },
    async restart(name) {
      const spec = specOf(name);
      await running.get(name)?.stop();
      await launch(spec);
    },
    stop,
  };
}

/** Any HTTP answer at all (nginx's 503 with no replica behind it counts). */
async function waitUntilListening(url: string, proc: ManagedProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      await proc.closed;
      throw new Error(`${proc.name} exited; its last output:\n${proc.recentOutput()}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(
    `${proc.name} was not listening at ${url}; its last output:\n${proc.recentOutput()}`,
  );
}
