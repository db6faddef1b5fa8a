import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// Compose resolves YAML merge keys (`<<: *anchor`); so must the parser.
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  profiles?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
}
const services: Record<string, ComposeService> = compose.services;
const initSql = readFileSync(join(root, 'infra/postgres/init.sql'), 'utf8');

/** Workspace packages by name, with their folders. */
const workspace = new Map<string, string>();
for (const folder of [
  'gateway',
  ...readdirSync(join(root, 'services')).map((name) => `services/${name}`),
]) {
  const manifest = join(root, folder, 'package.json');
  if (existsSync(manifest)) workspace.set(JSON.parse(readFileSync(manifest, 'utf8')).name, folder);
}
type BuiltService = ComposeService & { build: NonNullable<ComposeService['build']> };
const built = Object.entries(services).filter((entry): entry is [string, BuiltService] =>
  Boolean(entry[1].build),
);
const REMOTES = ['members', 'experts', 'staff'];
/** The gateway and the services: Node processes on the bus. The remotes are static hosts. */
const nodeServices = built.filter(([name]) => !REMOTES.includes(name));
const remotes = built.filter(([name]) => REMOTES.includes(name));
const dockerfile = readFileSync(join(root, 'infra/docker/Dockerfile'), 'utf8');
/** The Dockerfile's stages, by name. */
const stages = new Map(
  dockerfile
    .split(/^FROM /m)
    .slice(1)
    .map((stage) => {
      const name = /^\S+(?: AS (\S+))?/.exec(stage)?.[1] ?? '';
      return [name, stage] as const;
    }),
);

function environment(service: ComposeService | undefined): Record<string, string> {
  return service?.environment ?? {};
}

describe('docker-compose.yml', () => {
  it('runs every deployable of the workspace', () => {
    const packages = nodeServices.map(([, service]) => `@uapqa/${service.build.target}`);
    expect(packages.sort()).toEqual([...workspace.keys()].sort());
    expect(remotes.map(([, service]) => service.build.target).sort()).toEqual([...REMOTES].sort());
  });

  it('gives every service an image or a build, and a healthcheck', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.image ?? service.build, name).toBeTruthy();
      expect(service.healthcheck?.test, `${name} healthcheck`).toEqual(expect.any(Array));
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(1);
    }
  });

  it('builds each from a stage of the Dockerfile, a service from a package with an entry point', () => {
    for (const [name, service] of built) {
      expect(existsSync(join(root, service.build.context, service.build.dockerfile)), name).toBe(
        true,
      );
      expect(stages.has(service.build.target), `${name}: stage ${service.build.target}`).toBe(true);
    }
    for (const [name, service] of nodeServices) {
      const folder = workspace.get(`@uapqa/${service.build.target}`);
      expect(folder, name).toBeDefined();
      expect(existsSync(join(root, folder!, 'src/main.ts')), name).toBe(true);
    }
  });

  it('checks health on the port each service listens on', () => {
    for (const [name, service] of nodeServices) {
      const port = environment(service).PORT;
      expect(port, name).toMatch(/^\d+$/);
      expect(service.healthcheck?.test.join(' '), name).toContain(`127.0.0.1:${port}/ready`);
    }
  });

  it('gives each service its own database, created by the init script, and the bus', () => {
    for (const [name, service] of nodeServices) {
      const env = environment(service);
      expect(env.NATS_URL, name).toBe('nats://nats:4222');
      if (name === 'gateway') {
        expect(env.DATABASE_URL, 'the gateway owns no data').toBeUndefined();
        continue;
      }
      expect(env.DATABASE_URL, name).toMatch(new RegExp(`@postgres:5432/${name}$`));
      expect(initSql, name).toContain(`CREATE DATABASE ${name};`);
    }
  });

  it('points every service and the gateway at identity for session keys', () => {
    const identityPort = environment(services.identity).PORT;
    for (const [name, service] of nodeServices) {
      expect(environment(service).IDENTITY_URL, name).toBe(`http://identity:${identityPort}`);
    }
  });

  it('routes the gateway to every service', () => {
    const gateway = environment(services.gateway);
    for (const [name, service] of nodeServices) {
      if (name === 'gateway') continue;
      expect(gateway[`${name.toUpperCase()}_URL`], name).toBe(
        `http://${name}:${environment(service).PORT}`,
      );
      expect(services.gateway?.depends_on?.[name]?.condition, name).toBe('service_healthy');
    }
  });

  it('takes only real payments in production', () => {
    expect(environment(services.billing).PAYMENT_PROVIDER).toBe('stripe');
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY']) {
      expect(environment(services.billing)[key], key).toMatch(new RegExp(`^\\$\\{${key}:\\?`));
    }
  });

  it('starts services only after what they depend on is healthy', () => {
    for (const [name, service] of nodeServices) {
      const dependencies = service.depends_on ?? {};
      expect(Object.keys(dependencies).length, name).toBeGreaterThan(0);
      for (const [dependency, rule] of Object.entries(dependencies)) {
        expect(services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        expect(rule.condition, `${name} → ${dependency}`).toBe('service_healthy');
      }
    }
  });

  it('publishes the gateway and the remotes the browser loads, and mounts only files that exist', () => {
    const published = Object.entries(services).filter(
      ([, service]) => service.ports && !service.profiles,
    );
    expect(published.map(([name]) => name).sort()).toEqual(['gateway', ...REMOTES].sort());
    expect(services.gateway?.ports?.[0]).toMatch(/:3000$/);
    const gateway = environment(services.gateway);
    for (const [name, service] of remotes) {
      const port = /^\$\{REMOTE_[A-Z]+_PORT:-(\d+)\}:8080$/.exec(service.ports?.[0] ?? '')?.[1];
      expect(port, name).toBeDefined();
      expect(gateway[`REMOTE_${name.toUpperCase()}_URL`], name).toContain(
        `http://localhost:${port}/mf-manifest.json`,
      );
      expect(environment(service).PORT, name).toBe('8080');
    }
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0]!;
        if (source.startsWith('./'))
          expect(existsSync(join(root, source)), `${name}: ${source}`).toBe(true);
        else expect(compose.volumes, `${name}: ${source}`).toHaveProperty(source);
      }
    }
  });

  it('keeps secrets out of the file: passwords come from the environment', () => {
    expect(environment(services.postgres).POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD/);
    expect(environment(services.identity).ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD/);
  });

  it('makes session cookies Secure in production: PUBLIC_URL is required and https in the example', () => {
    const identity = environment(services.identity);
    expect(identity.PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?/);
    expect(identity.COOKIE_SECURE, 'no default that turns Secure off').toMatch(
      /^\$\{COOKIE_SECURE(:-)?\}$/,
    );
    const example = new Map(
      Object.entries(parseEnv(readFileSync(join(root, '.env.example'), 'utf8'))),
    );
    expect(example.get('PUBLIC_URL')).toMatch(/^https:\/\//);
    expect(['', 'true']).toContain(example.get('COOKIE_SECURE'));
  });
});

describe('infra/docker/Dockerfile', () => {
  /** The stage a stage starts from, when it starts from another stage. */
  const parent = (name: string) => /^(\S+)/.exec(stages.get(name) ?? '')?.[1];
  const lineage = (name: string): string[] => {
    const from = parent(name);
    return from && stages.has(from) ? [name, ...lineage(from)] : [name];
  };

  it('fetches the packages from the lockfile alone, before any source is copied', () => {
    const deps = stages.get('deps') ?? '';
    expect(deps).toContain('pnpm fetch');
    expect(deps).not.toMatch(/^COPY \. /m);
    expect(lineage('build')).toContain('deps');
    expect(stages.get('build')).toContain('pnpm install --offline --frozen-lockfile');
  });

  it('runs every image as the node user with NODE_ENV=production and a health check', () => {
    const runtime = stages.get('runtime') ?? '';
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^ENV NODE_ENV=production$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    for (const [name, service] of built) {
      expect(lineage(service.build.target), name).toContain('runtime');
      expect(lineage(service.build.target), name).not.toContain('build');
    }
  });
});
