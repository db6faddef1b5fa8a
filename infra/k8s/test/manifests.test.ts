import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The Kustomize manifests checked without a cluster, kubectl or kustomize: every file is parsed,
 * each kustomization is followed the way `kubectl apply -k` would (resources, components,
 * patches, generators, images, replicas), and the result is held against the workspace: every
 * deployable, its port, its configuration schema, the streams of the bus.
 */

const k8s = fileURLToPath(new URL('../', import.meta.url));
const root = resolve(k8s, '../..');

// biome-ignore lint/suspicious/noExplicitAny: manifests are free-form YAML
type Manifest = Record<string, any>;
interface Kustomization {
  apiVersion: string;
  kind: string;
  resources?: string[];
  components?: string[];
  patches?: Array<{ path?: string; patch?: string; target?: unknown }>;
  patchesStrategicMerge?: string[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
  replicas?: Array<{ name: string; count: number }>;
  namespace?: string;
}
interface Generator {
  name: string;
  behavior?: string;
  envs?: string[];
  files?: string[];
  literals?: string[];
}
interface Build {
  resources: Manifest[];
  images: Map<string, string>;
}

// --- The workspace -------------------------------------------------------------------------------

/** Deployable folder names: every services/* package, and the gateway. */
const serviceNames = readdirSync(join(root, 'services')).filter((name) =>
  existsSync(join(root, 'services', name, 'package.json')),
);
const deployables = [...serviceNames, 'gateway'];
const folderOf = (name: string) => (name === 'gateway' ? 'gateway' : `services/${name}`);

/** Upper-case keys of a zod object literal in a config source file. */
function schemaKeys(source: string): string[] {
  return [...source.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
}
const baseKeys = schemaKeys(readFileSync(join(root, 'packages/service-kit/src/config.ts'), 'utf8'));

/** The variables a deployable's config schema reads, from its source (the schema is the truth). */
function configKeys(name: string): Set<string> {
  const source = readFileSync(join(root, folderOf(name), 'src/config.ts'), 'utf8');
  const keys = schemaKeys(source);
  if (source.includes('baseServiceConfig')) keys.push(...baseKeys);
  return new Set(keys);
}

/** The port a deployable listens on by default (`PORT: env.port(4001)`). */
function defaultPort(name: string): number {
  const source = readFileSync(join(root, folderOf(name), 'src/config.ts'), 'utf8');
  const port = source.match(/PORT:\s*env\.port\((\d+)\)/)?.[1];
  if (!port) throw new Error(`${name}: no default PORT in its config schema`);
  return Number(port);
}

/**
 * Variables deliberately left to their defaults in the cluster; every other key of a config
 * schema must be given, so a new setting cannot be forgotten here.
 */
const leftToDefaults: Record<string, string> = {
  DATA_DIR: 'PGlite only: the cluster always gives DATABASE_URL',
  DEMO_PASSWORD: 'the embedded demo accounts (SEED_DEMO is false)',
  DEMO_SUBSCRIBER: 'the embedded demo member, subscribed by billing (no demo accounts here)',
  STRIPE_API_URL: "tests only: points the SDK at a local double instead of Stripe's API",
  EVENT_BACKOFF_MS: "JetStream redelivery delays: the service's default schedule",
  HOST: 'the gateway binds every interface by default, as a pod must',
  FRONTENDS_DIR: "set by the gateway's image, which holds the shell's build",
};
/** The remotes: each a static host of its own build (infra/remote-host), routed by the Ingress. */
const remoteNames = ['members', 'experts', 'staff'];
/** Read by Node.js itself, not by a config schema. */
const runtimeVariables = new Set(['NODE_OPTIONS']);

// --- Reading the manifests -------------------------------------------------------------------------

function parseYamlFile(path: string): Manifest[] {
  const documents = parseAllDocuments(readFileSync(path, 'utf8'));
  const list = Array.isArray(documents) ? documents : [documents];
  const manifests: Manifest[] = [];
  for (const document of list) {
    if (document.errors.length > 0)
      throw new Error(
        `${relative(k8s, path)}: ${document.errors.map((e) => e.message).join('; ')}`,
      );
    const value = document.toJS();
    if (value !== null && value !== undefined) manifests.push(value);
  }
  return manifests;
}

/** Every folder of infra/k8s holding manifests (node_modules and the test itself aside). */
function manifestFolders(folder = k8s): string[] {
  const folders: string[] = [];
  for (const entry of readdirSync(folder)) {
    if (['node_modules', 'test', '.turbo'].includes(entry) || entry.startsWith('.')) continue;
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) folders.push(path, ...manifestFolders(path));
  }
  return folders;
}

const isYaml = (file: string) => /\.ya?ml$/.test(file);
const kustomizationOf = (folder: string) =>
  parse(readFileSync(join(folder, 'kustomization.yaml'), 'utf8')) as Kustomization;

/** A generator's env file, or its committed `.example` when the real one is the operator's. */
function generatorFile(folder: string, file: string): string | undefined {
  for (const candidate of [join(folder, file), join(folder, `${file}.example`)])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

function readEnvFile(path: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const equals = trimmed.indexOf('=');
    data[trimmed.slice(0, equals)] = trimmed.slice(equals + 1);
  }
  return data;
}

function generated(folder: string, kind: 'ConfigMap' | 'Secret', generator: Generator): Manifest {
  const data: Record<string, string> = {};
  for (const env of generator.envs ?? [])
    Object.assign(data, readEnvFile(generatorFile(folder, env)!));
  for (const literal of generator.literals ?? []) {
    const equals = literal.indexOf('=');
    data[literal.slice(0, equals)] = literal.slice(equals + 1);
  }
  return { apiVersion: 'v1', kind, metadata: { name: generator.name }, data };
}

const keyOf = (m: Manifest) => `${m.kind}/${m.metadata?.name}`;

/** Strategic-merge, simplified: maps merge, lists and scalars replace. */
function merge(target: Manifest, patch: Manifest): Manifest {
  for (const [key, value] of Object.entries(patch)) {
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typeof target[key] === 'object'
    )
      merge(target[key], value);
    else target[key] = value;
  }
  return target;
}

/** What `kubectl apply -k folder` would send, near enough for these checks. */
function build(folder: string): Build {
  const kustomization = kustomizationOf(folder);
  const resources: Manifest[] = [];
  const images = new Map<string, string>();
  const add = (from: Build) => {
    resources.push(...from.resources);
    for (const [name, image] of from.images) images.set(name, image);
  };
  for (const entry of kustomization.resources ?? []) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) add(build(path));
    else resources.push(...parseYamlFile(path));
  }
  for (const component of kustomization.components ?? []) add(build(join(folder, component)));
  for (const generator of kustomization.configMapGenerator ?? [])
    resources.push(generated(folder, 'ConfigMap', generator));
  for (const generator of kustomization.secretGenerator ?? [])
    resources.push(generated(folder, 'Secret', generator));
  const patchFiles = [
    ...(kustomization.patches ?? []).flatMap((patch) => (patch.path ? [patch.path] : [])),
    ...(kustomization.patchesStrategicMerge ?? []),
  ];
  for (const file of patchFiles) {
    for (const patch of parseYamlFile(join(folder, file))) {
      const target = resources.find((resource) => keyOf(resource) === keyOf(patch));
      if (!target)
        throw new Error(`${relative(k8s, folder)}/${file}: nothing to patch at ${keyOf(patch)}`);
      merge(target, structuredClone(patch));
    }
  }
  for (const { name, count } of kustomization.replicas ?? []) {
    const target = resources.find((r) => r.metadata?.name === name && r.spec?.template);
    if (!target) throw new Error(`${relative(k8s, folder)}: replicas for unknown ${name}`);
    target.spec.replicas = count;
  }
  for (const image of kustomization.images ?? []) {
    const previous = images.get(image.name) ?? image.name;
    const [repository] = previous.split(':');
    images.set(
      image.name,
      `${image.newName ?? repository}${image.digest ? `@${image.digest}` : `:${image.newTag ?? 'latest'}`}`,
    );
  }
  if (kustomization.namespace) {
    for (const resource of resources)
      if (resource.kind !== 'Namespace') resource.metadata.namespace = kustomization.namespace;
  }
  return { resources, images };
}

// --- Helpers on a build ------------------------------------------------------------------------------

function find(built: Build, kind: string, name: string): Manifest | undefined {
  return built.resources.find(
    (resource) => resource.kind === kind && resource.metadata.name === name,
  );
}
function get(built: Build, kind: string, name: string): Manifest {
  const resource = find(built, kind, name);
  if (!resource) throw new Error(`no ${kind} ${name}`);
  return resource;
}
const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The variables a container receives: its env, and every key of the ConfigMaps/Secrets it loads. */
function containerEnvironment(built: Build, container: Manifest): Map<string, string | null> {
  const env = new Map<string, string | null>();
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
    const resource = get(built, kind, ref.name);
    for (const [key, value] of Object.entries({ ...resource.data, ...resource.stringData }))
      env.set(key, String(value));
  }
  for (const variable of container.env ?? []) {
    if ('value' in variable) env.set(variable.name, String(variable.value));
    else {
      const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
      if (variable.valueFrom?.fieldRef) {
        env.set(variable.name, null);
        continue;
      }
      const kind = variable.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret';
      if (kind === 'Secret' && !built.resources.some((r) => r.kind === 'Secret')) {
        // The base: each overlay generates the Secret.
        env.set(variable.name, null);
        continue;
      }
      const resource = get(built, kind, ref.name);
      const data = { ...resource.data, ...resource.stringData };
      if (!(ref.key in data))
        throw new Error(`${variable.name}: ${kind} ${ref.name} has no ${ref.key}`);
      env.set(variable.name, String(data[ref.key]));
    }
  }
  return env;
}

/** A probe's or Service's port, resolved against the container's named ports. */
function portNumber(container: Manifest, port: number | string): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p: Manifest) => p.name === port)?.containerPort;
}

function quantity(value: string | number): number {
  const text = String(value);
  const units: Record<string, number> = {
    m: 1e-3,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
  };
  const match = text.match(/^([\d.]+)([A-Za-z]*)$/);
  if (!match) throw new Error(`bad quantity ${text}`);
  return Number(match[1]) * (units[match[2]!] ?? 1);
}

function serviceUrl(built: Build, url: string, what: string) {
  const parsed = new URL(url);
  const service = find(built, 'Service', parsed.hostname);
  expect(service, `${what}: no Service ${parsed.hostname}`).toBeDefined();
  const port = Number(parsed.port);
  expect(
    service!.spec.ports.map((p: Manifest) => p.port),
    `${what}: Service ${parsed.hostname} port`,
  ).toContain(port);
  return { service: service!, port, path: parsed.pathname };
}

// --- The checks --------------------------------------------------------------------------------------

const folders = manifestFolders();
const kustomizationFolders = folders.filter((folder) =>
  existsSync(join(folder, 'kustomization.yaml')),
);
const overlays = readdirSync(join(k8s, 'overlays')).map((name) => join(k8s, 'overlays', name));
/** Each build, or why it failed (reported by a test rather than stopping the file). */
const builds = [join(k8s, 'base'), ...overlays].map((folder) => {
  const name = relative(k8s, folder);
  try {
    return { name, built: build(folder), error: undefined };
  } catch (error) {
    return {
      name,
      built: undefined,
      error: error instanceof Error ? error.message : String(error),
    };
  }
});

describe('infra/k8s files', () => {
  it('has a base, the postgres component and at least one overlay', () => {
    expect(kustomizationFolders.map((folder) => relative(k8s, folder)).sort()).toEqual(
      expect.arrayContaining(['base', 'components/postgres', 'overlays/example']),
    );
  });

  it('gives every folder holding files a kustomization.yaml', () => {
    for (const folder of folders) {
      const files = readdirSync(folder).filter((entry) => statSync(join(folder, entry)).isFile());
      if (files.length > 0) expect(files, relative(k8s, folder)).toContain('kustomization.yaml');
    }
  });

  it.each(kustomizationFolders.map((folder) => [relative(k8s, folder), folder]))(
    '%s: every file is listed by its kustomization.yaml, and every listed file exists',
    (_name, folder) => {
      const kustomization = kustomizationOf(folder);
      expect(kustomization.apiVersion).toMatch(/^kustomize\.config\.k8s\.io\/v1(beta1|alpha1)$/);
      expect(['Kustomization', 'Component']).toContain(kustomization.kind);
      if (kustomization.kind === 'Component')
        expect(kustomization.apiVersion).toBe('kustomize.config.k8s.io/v1alpha1');

      const listed = new Set<string>();
      const generatorFiles = new Set<string>();
      for (const entry of [
        ...(kustomization.resources ?? []),
        ...(kustomization.components ?? []),
      ]) {
        const path = join(folder, entry);
        expect(existsSync(path), `${entry} exists`).toBe(true);
        if (statSync(path).isDirectory())
          expect(existsSync(join(path, 'kustomization.yaml')), `${entry} is a kustomization`).toBe(
            true,
          );
        else listed.add(resolve(path));
      }
      for (const patch of kustomization.patches ?? []) {
        expect(patch.path ?? patch.patch, 'a patch has a path or a body').toBeTruthy();
        if (patch.path) listed.add(resolve(folder, patch.path));
      }
      for (const file of kustomization.patchesStrategicMerge ?? [])
        listed.add(resolve(folder, file));
      for (const generator of [
        ...(kustomization.configMapGenerator ?? []),
        ...(kustomization.secretGenerator ?? []),
      ]) {
        for (const file of [...(generator.envs ?? []), ...(generator.files ?? [])]) {
          const found = generatorFile(folder, file);
          expect(found, `${file} (or ${file}.example) exists`).toBeDefined();
          generatorFiles.add(resolve(folder, file));
        }
      }
      for (const path of listed) expect(existsSync(path), relative(k8s, path)).toBe(true);

      const files = readdirSync(folder).filter(
        (entry) => statSync(join(folder, entry)).isFile() && entry !== 'kustomization.yaml',
      );
      for (const file of files) {
        const path = resolve(folder, file);
        const accounted =
          listed.has(path) ||
          generatorFiles.has(path) ||
          generatorFiles.has(path.replace(/\.example$/, ''));
        expect(accounted, `${relative(k8s, path)} is not listed in kustomization.yaml`).toBe(true);
      }
    },
  );

  it('parses every manifest, each document with apiVersion, kind and a valid metadata.name', () => {
    for (const folder of kustomizationFolders) {
      for (const file of readdirSync(folder).filter(isYaml)) {
        const documents = parseYamlFile(join(folder, file));
        expect(documents.length, `${file} has documents`).toBeGreaterThan(0);
        if (file === 'kustomization.yaml') continue;
        for (const document of documents) {
          const where = `${relative(k8s, folder)}/${file}: ${document.kind}/${document.metadata?.name}`;
          expect(document.apiVersion, where).toEqual(expect.any(String));
          expect(document.kind, where).toMatch(/^[A-Z][A-Za-z]+$/);
          expect(document.metadata?.name, where).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
          expect(document.metadata.name.length, where).toBeLessThanOrEqual(63);
        }
      }
    }
  });
});

describe('kustomize builds', () => {
  it.each(builds.map(({ name, error }) => [name, error]))(
    '%s builds: every resource, component and patch target exists',
    (_name, error) => {
      expect(error).toBeUndefined();
    },
  );
});

describe.each(
  builds.flatMap(({ name, built }) => (built ? [[name, built] as [string, Build]] : [])),
)('%s, as kubectl apply -k builds it', (name, built) => {
  const isOverlay = name.startsWith('overlays/');

  it('holds each kind/name once', () => {
    const keys = built.resources.map(keyOf);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('runs every deployable of the workspace with at least 2 replicas', () => {
    for (const service of deployables) {
      const deployment = get(built, 'Deployment', service);
      const hpa = built.resources.find(
        (r) =>
          r.kind === 'HorizontalPodAutoscaler' &&
          r.spec.scaleTargetRef.kind === 'Deployment' &&
          r.spec.scaleTargetRef.name === service,
      );
      if (hpa) {
        expect(hpa.apiVersion, service).toBe('autoscaling/v2');
        expect(hpa.spec.minReplicas, `${service} HPA minReplicas`).toBeGreaterThanOrEqual(2);
        expect(hpa.spec.maxReplicas, service).toBeGreaterThan(hpa.spec.minReplicas);
      } else {
        expect(deployment.spec.replicas, `${service} replicas`).toBeGreaterThanOrEqual(2);
      }
      expect(
        selects(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
        service,
      ).toBe(true);
    }
  });

  it('scales the gateway and questions with a HorizontalPodAutoscaler', () => {
    for (const service of ['gateway', 'questions']) {
      const hpa = get(built, 'HorizontalPodAutoscaler', service);
      expect(hpa.spec.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: service,
      });
      // The autoscaler owns the count: a replicas field would reset it on every apply.
      expect(get(built, 'Deployment', service).spec.replicas, service).toBeUndefined();
      const cpu = get(built, 'Deployment', service).spec.template.spec.containers[0].resources
        .requests.cpu;
      expect(cpu, `${service}: CPU utilisation needs a CPU request`).toBeDefined();
    }
  });

  it('builds each deployable and remote from the one recipe, named uapqa/<name>', () => {
    const dockerfile = readFileSync(join(root, 'infra/docker/Dockerfile'), 'utf8');
    for (const service of [...deployables, ...remoteNames]) {
      expect(dockerfile, `stage ${service}`).toMatch(new RegExp(`^FROM \\S+ AS ${service}$`, 'm'));
      const [container] = get(built, 'Deployment', service).spec.template.spec.containers;
      expect(container.image, service).toMatch(new RegExp(`^uapqa/${service}(:|$)`));
      expect(built.images.has(`uapqa/${service}`), `${service} is in images:`).toBe(true);
      if (isOverlay) expect(built.images.get(`uapqa/${service}`), service).not.toMatch(/:latest$/);
    }
    for (const service of deployables) {
      const pkg = JSON.parse(readFileSync(join(root, folderOf(service), 'package.json'), 'utf8'));
      expect(pkg.name, service).toBe(`@uapqa/${service}`);
    }
  });

  it('serves each remote from its own pods under /remotes/<name>, where the shell is told to look', () => {
    const [gateway] = get(built, 'Deployment', 'gateway').spec.template.spec.containers;
    const gatewayEnv = containerEnvironment(built, gateway);
    const paths = get(built, 'Ingress', 'gateway').spec.rules.flatMap(
      (rule: Manifest) => rule.http.paths,
    );
    for (const remote of remoteNames) {
      const deployment = get(built, 'Deployment', remote);
      expect(deployment.spec.replicas, remote).toBeGreaterThanOrEqual(2);
      const [container] = deployment.spec.template.spec.containers;
      const env = containerEnvironment(built, container);
      expect(env.get('BASE_PATH'), remote).toBe(`/remotes/${remote}`);
      expect(gatewayEnv.get(`REMOTE_${remote.toUpperCase()}_URL`), remote).toBe(
        `/remotes/${remote}/mf-manifest.json`,
      );
      const port = Number(env.get('PORT'));
      for (const probe of ['readinessProbe', 'livenessProbe']) {
        expect(container[probe]?.httpGet?.path, `${remote} ${probe}`).toBe('/health');
        expect(portNumber(container, container[probe]?.httpGet?.port), remote).toBe(port);
      }
      const svc = get(built, 'Service', remote);
      expect(selects(svc.spec.selector, deployment.spec.template.metadata.labels), remote).toBe(
        true,
      );
      expect(get(built, 'PodDisruptionBudget', remote).spec.minAvailable ?? 0, remote).toBeLessThan(
        2,
      );
      const route = paths.find((path: Manifest) => path.backend.service.name === remote);
      expect(route?.path, remote).toBe(`/remotes/${remote}`);
      expect(route?.pathType, remote).toBe('Prefix');
    }
  });

  it('probes /ready (readiness) and /health (liveness) on the port each process listens on', () => {
    for (const service of deployables) {
      const [container] = get(built, 'Deployment', service).spec.template.spec.containers;
      const env = containerEnvironment(built, container);
      const port = defaultPort(service);
      expect(env.get('PORT'), `${service} PORT`).toBe(String(port));
      expect(
        container.ports.map((p: Manifest) => p.containerPort),
        service,
      ).toContain(port);
      for (const [probe, path] of [
        ['readinessProbe', '/ready'],
        ['livenessProbe', '/health'],
      ] as const) {
        const check = container[probe]?.httpGet;
        expect(check?.path, `${service} ${probe}`).toBe(path);
        expect(portNumber(container, check?.port), `${service} ${probe} port`).toBe(port);
      }
      if (container.startupProbe) {
        expect(portNumber(container, container.startupProbe.httpGet.port), service).toBe(port);
      }
    }
  });

  it('puts a Service and a PodDisruptionBudget in front of every deployable', () => {
    for (const service of deployables) {
      const deployment = get(built, 'Deployment', service);
      const labels = deployment.spec.template.metadata.labels;
      const [container] = deployment.spec.template.spec.containers;
      const svc = get(built, 'Service', service);
      expect(selects(svc.spec.selector, labels), `${service} Service selects its pods`).toBe(true);
      for (const port of svc.spec.ports)
        expect(portNumber(container, port.targetPort ?? port.port), `${service} targetPort`).toBe(
          defaultPort(service),
        );
      const pdb = get(built, 'PodDisruptionBudget', service);
      expect(pdb.apiVersion).toBe('policy/v1');
      expect(
        selects(pdb.spec.selector.matchLabels, labels),
        `${service} PDB selects its pods`,
      ).toBe(true);
      // A drain must stay possible: fewer pods required than the minimum running.
      expect(pdb.spec.minAvailable ?? 0, service).toBeLessThan(2);
    }
  });

  it('gives every container CPU and memory requests within its limits', () => {
    for (const resource of built.resources.filter((r) => r.spec?.template?.spec?.containers)) {
      for (const container of resource.spec.template.spec.containers) {
        const where = `${keyOf(resource)} ${container.name}`;
        const { requests, limits } = container.resources ?? {};
        for (const kind of ['cpu', 'memory']) {
          expect(requests?.[kind], `${where} requests.${kind}`).toBeDefined();
          expect(limits?.[kind], `${where} limits.${kind}`).toBeDefined();
          expect(quantity(requests[kind]), where).toBeLessThanOrEqual(quantity(limits[kind]));
        }
      }
    }
  });

  it('gives every process every variable of its config schema, and none it does not read', () => {
    for (const service of deployables) {
      const [container] = get(built, 'Deployment', service).spec.template.spec.containers;
      if (!isOverlay) {
        // The base has no Secret (each overlay generates its own): check the names only.
        const names = new Set<string>(container.env.map((v: Manifest) => v.name));
        for (const source of container.envFrom ?? []) {
          expect(source.configMapRef, `${service}: the base loads ConfigMaps only`).toBeDefined();
          for (const key of Object.keys(
            get(built, 'ConfigMap', source.configMapRef.name).data ?? {},
          ))
            names.add(key);
        }
        for (const required of ['PORT', 'NATS_URL', 'IDENTITY_URL'])
          expect(names, `${service} ${required}`).toContain(required);
        if (service !== 'gateway')
          expect(names, `${service} DATABASE_URL`).toContain('DATABASE_URL');
        continue;
      }
      const env = containerEnvironment(built, container);
      const keys = configKeys(service);
      for (const key of keys) {
        if (key in leftToDefaults) continue;
        expect(env.has(key), `${service} needs ${key}`).toBe(true);
      }
      // A variable the schema does not read is a typo or a leftover.
      for (const key of env.keys()) {
        if (!runtimeVariables.has(key)) expect(keys, `${service} reads ${key}`).toContain(key);
      }
    }
  });

  it.runIf(isOverlay)('points every URL at a Service that exists, on its port', () => {
    for (const service of deployables) {
      const [container] = get(built, 'Deployment', service).spec.template.spec.containers;
      const env = containerEnvironment(built, container);
      const nats = serviceUrl(built, env.get('NATS_URL')!, `${service} NATS_URL`);
      expect(nats.service.spec.selector, `${service}: NATS_URL reaches NATS`).toEqual({
        'app.kubernetes.io/name': 'nats',
      });
      const identity = serviceUrl(built, env.get('IDENTITY_URL')!, `${service} IDENTITY_URL`);
      expect(identity.service.metadata.name).toBe('identity');
      expect(identity.port).toBe(defaultPort('identity'));
      if (service === 'gateway') {
        for (const upstream of serviceNames) {
          const url = env.get(`${upstream.toUpperCase()}_URL`);
          expect(url, `gateway ${upstream.toUpperCase()}_URL`).toBeDefined();
          const target = serviceUrl(built, url!, `gateway → ${upstream}`);
          expect(target.service.metadata.name).toBe(upstream);
          expect(target.port).toBe(defaultPort(upstream));
        }
        continue;
      }
      const database = new URL(env.get('DATABASE_URL')!);
      expect(database.protocol, service).toMatch(/^postgres(ql)?:$/);
      // With the self-hosted component: its own server and database; else a managed one.
      const own = find(built, 'StatefulSet', `postgres-${service}`);
      if (own) {
        const target = serviceUrl(built, env.get('DATABASE_URL')!, `${service} DATABASE_URL`);
        expect(target.service.metadata.name, service).toBe(`postgres-${service}`);
        expect(target.path, service).toBe(`/${service}`);
      }
    }
  });

  it.runIf(isOverlay)('takes only real payments, and the first admin from the Secret', () => {
    const [billing] = get(built, 'Deployment', 'billing').spec.template.spec.containers;
    const env = containerEnvironment(built, billing);
    expect(env.get('PAYMENT_PROVIDER')).toBe('stripe');
    const [identity] = get(built, 'Deployment', 'identity').spec.template.spec.containers;
    const secretVariables = (container: Manifest) =>
      (container.env ?? [])
        .filter((v: Manifest) => v.valueFrom?.secretKeyRef)
        .map((v: Manifest) => v.name);
    for (const key of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'DATABASE_URL',
    ])
      expect(secretVariables(billing), key).toContain(key);
    expect(secretVariables(identity)).toEqual(
      expect.arrayContaining(['ADMIN_PASSWORD', 'DATABASE_URL']),
    );
    expect(containerEnvironment(built, identity).get('COOKIE_SECURE')).toBe('true');
  });

  it('publishes only the gateway and the remotes, through an Ingress', () => {
    const ingresses = built.resources.filter((r) => r.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses[0]!.spec.rules.flatMap((rule: Manifest) =>
      rule.http.paths.map((path: Manifest) => path.backend.service),
    );
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(['gateway', ...remoteNames]).toContain(backend.name);
      const svc = get(built, 'Service', backend.name);
      expect(svc.spec.ports.map((p: Manifest) => (backend.port.name ? p.name : p.port))).toContain(
        backend.port.name ?? backend.port.number,
      );
    }
    const exposed = built.resources.filter(
      (r) => r.kind === 'Service' && ['LoadBalancer', 'NodePort'].includes(r.spec.type),
    );
    expect(exposed).toEqual([]);
  });

  describe('NATS JetStream', () => {
    const statefulSet = () => get(built, 'StatefulSet', 'nats');

    it('runs 3 members with a headless Service and a file-storage volume each', () => {
      const nats = statefulSet();
      expect(nats.spec.replicas).toBe(3);
      const headless = get(built, 'Service', nats.spec.serviceName);
      expect(headless.spec.clusterIP).toBe('None');
      expect(headless.spec.publishNotReadyAddresses).toBe(true);
      expect(selects(headless.spec.selector, nats.spec.template.metadata.labels)).toBe(true);
      const claims = nats.spec.volumeClaimTemplates;
      expect(claims).toHaveLength(1);
      expect(claims[0].spec.accessModes).toEqual(['ReadWriteOnce']);
      expect(quantity(claims[0].spec.resources.requests.storage)).toBeGreaterThan(0);
      const pdb = get(built, 'PodDisruptionBudget', 'nats');
      expect(pdb.spec.maxUnavailable, 'a drain keeps the quorum').toBe(1);
    });

    it('routes each member to all 3, and stores JetStream on the volume', () => {
      const nats = statefulSet();
      const [container] = nats.spec.template.spec.containers;
      const configVolume = nats.spec.template.spec.volumes.find((v: Manifest) => v.configMap);
      const mount = container.volumeMounts.find((m: Manifest) => m.name === configVolume.name);
      const args = (container.args ?? container.command).join(' ');
      const configFile = args.match(/(?:-c|--config)\s+(\S+)/)?.[1];
      expect(configFile?.startsWith(`${mount.mountPath}/`), 'the config file is mounted').toBe(
        true,
      );
      const config: string = get(built, 'ConfigMap', configVolume.configMap.name).data[
        configFile!.slice(mount.mountPath.length + 1)
      ];
      const clusterPort = container.ports.find((p: Manifest) => p.name === 'cluster').containerPort;
      expect(config).toMatch(new RegExp(`cluster\\s*\\{[^}]*port:\\s*${clusterPort}`));
      const routes = [...config.matchAll(/nats:\/\/([a-z0-9-]+)\.([a-z0-9-]+):(\d+)/g)];
      expect(routes.map((route) => route[1]).sort()).toEqual(['nats-0', 'nats-1', 'nats-2']);
      for (const [, , service, port] of routes) {
        expect(service).toBe(nats.spec.serviceName);
        expect(Number(port)).toBe(clusterPort);
      }
      // Every member names itself after its pod: JetStream clustering needs unique names.
      expect(config).toMatch(/server_name:\s*\$POD_NAME/);
      expect(
        container.env.find((v: Manifest) => v.name === 'POD_NAME').valueFrom.fieldRef.fieldPath,
      ).toBe('metadata.name');
      const storeDir = config.match(/store_dir:\s*(\S+)/)?.[1];
      const dataMount = container.volumeMounts.find(
        (m: Manifest) => m.name === nats.spec.volumeClaimTemplates[0].metadata.name,
      );
      expect(dataMount?.mountPath).toBe(storeDir);
      expect(container.livenessProbe.httpGet.path).toContain('/healthz');
    });

    it('replicates every stream of the bus on 3 members', () => {
      // Services and the gateway create their streams with NATS_STREAM_REPLICAS copies.
      for (const name of deployables) {
        const deployment = get(built, 'Deployment', name);
        const env = containerEnvironment(built, deployment.spec.template.spec.containers[0]);
        expect(env.get('NATS_STREAM_REPLICAS'), name).toBe('3');
      }
    });
  });

  it.runIf(isOverlay && name === 'overlays/example')(
    'runs a PostgreSQL StatefulSet with a volume for each service (the self-hosted option)',
    () => {
      for (const service of serviceNames) {
        const postgres = get(built, 'StatefulSet', `postgres-${service}`);
        expect(
          postgres.spec.volumeClaimTemplates?.[0]?.spec.resources.requests.storage,
        ).toBeDefined();
        const [container] = postgres.spec.template.spec.containers;
        const env = containerEnvironment(built, container);
        expect(env.get('POSTGRES_DB'), service).toBe(service);
        expect(
          container.env.find((v: Manifest) => v.name === 'POSTGRES_PASSWORD').valueFrom
            .secretKeyRef,
        ).toBeDefined();
        expect(get(built, 'Service', postgres.spec.serviceName).spec.clusterIP).toBe('None');
      }
    },
  );
});

describe('the example secrets', () => {
  it('leaves the real secrets out of git', () => {
    const ignored = readFileSync(join(k8s, '.gitignore'), 'utf8');
    expect(ignored).toContain('overlays/*/secrets.env');
    expect(existsSync(join(k8s, 'overlays/example/secrets.env.example'))).toBe(true);
  });
});
