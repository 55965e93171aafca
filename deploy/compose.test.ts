// What can be checked about the distributed shape on a machine without Docker or a cluster: the files' structure, that
// every variable they set is one a config schema reads (and that the values pass it), and that the health checks work.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { engineConfigSchema } from '@tip/platform';
import { identityConfigSchema } from '../services/identity/src/config.js';
import { standaloneBffConfigSchema } from '../bff/src/config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The schema each workspace's process reads its environment with; a service built from a workspace not listed fails. */
const configSchemas: Record<string, z.ZodObject> = {
  'services/identity': identityConfigSchema,
  bff: standaloneBffConfigSchema,
};

type EnvironmentValue = string | number | boolean | null;

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Record<string, EnvironmentValue> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
}

const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);

/** deploy/env.example as KEY=VALUE pairs: what `.env` holds for local use. */
const exampleEnv: Record<string, string> = Object.fromEntries(
  read('deploy/env.example')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Compose's interpolation: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$(\$|\{([A-Za-z_]\w*)(?:(:?)([-?])([^}]*))?\}|([A-Za-z_]\w*))/g,
    (_match, dollar: string, braced?: string, colon?: string, operator?: string, operand?: string, bare?: string) => {
      if (dollar === '$') return '$';
      const name = braced ?? bare ?? '';
      const current = vars[name];
      const missing = current === undefined || (colon === ':' && current === '');
      if (!missing) return current;
      if (operator === '?') throw new Error(`${name} is required: ${operand ?? ''}`);
      return operator === '-' ? (operand ?? '') : '';
    },
  );
}

function environmentOf(service: ComposeService): Record<string, string> {
  const { environment } = service;
  if (!environment) return {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(
      environment.map((entry) => (entry.includes('=') ? entry.split(/=(.*)/s).slice(0, 2) : [entry, ''])),
    );
  }
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value === null ? '' : `${value}`]));
}

const workspaceOf = (service: ComposeService) =>
  typeof service.build === 'object' ? service.build.args?.WORKSPACE : undefined;
const appServices = services.filter(([, service]) => workspaceOf(service) !== undefined);

function schemaFor(workspace: string): z.ZodObject {
  const schema = configSchemas[workspace];
  if (!schema) throw new Error(`no config schema is listed for workspace ${workspace} in deploy/compose.test.ts`);
  return schema;
}

const dependencies = (service: ComposeService): [string, string | undefined][] =>
  Array.isArray(service.depends_on)
    ? service.depends_on.map((name) => [name, undefined])
    : Object.entries(service.depends_on ?? {}).map(([name, options]) => [name, options.condition]);

const healthCommand = (service: ComposeService): string[] => {
  const test = service.healthcheck?.test;
  return Array.isArray(test) ? test : test ? ['CMD-SHELL', test] : [];
};

/** Hosts a value points at: URLs (comma-separated lists too) and host:port pairs. */
function hostsIn(value: string): string[] {
  return value.split(',').flatMap((part) => {
    const item = part.trim();
    if (item.includes('://')) return [new URL(item).hostname];
    const hostPort = /^([A-Za-z0-9.-]+):\d+$/.exec(item);
    return hostPort?.[1] ? [hostPort[1]] : [];
  });
}
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0']);

/** The environment an app container gets: the compose values (with env.example's settings) plus the image's ENV. */
const NODE_ENV = /\bNODE_ENV=(\w+)/.exec(read('deploy/Dockerfile'))?.[1];
function containerEnvironment(service: ComposeService): Record<string, string> {
  const values = Object.entries(environmentOf(service)).map(([key, value]) => [key, interpolate(value, exampleEnv)]);
  return { ...(NODE_ENV ? { NODE_ENV } : {}), ...Object.fromEntries(values) };
}

/** Runs a health check command the way the container would (exec form), from the repository root. */
function exitCode(command: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [program, ...args] = command;
  return new Promise((resolve, reject) => {
    execFile(
      program === 'node' ? process.execPath : (program ?? ''),
      args,
      { cwd: root, env, timeout: 15_000 },
      (error) => {
        if (!error) resolve(0);
        else if (typeof error.code === 'number') resolve(error.code);
        else reject(error);
      },
    );
  });
}

describe('docker-compose.yml', () => {
  it('gives every service an image or a build, and a health check', () => {
    expect(services.length).toBeGreaterThan(0);
    const problems = services.flatMap(([name, service]) => [
      ...(service.image || service.build ? [] : [`${name}: neither image nor build`]),
      ...(healthCommand(service).length > 1 && !service.healthcheck?.disable ? [] : [`${name}: no health check`]),
    ]);
    expect(problems).toEqual([]);
  });

  it('depends only on services that exist, with health checks where it waits for them to be healthy', () => {
    const problems = services.flatMap(([name, service]) =>
      dependencies(service).flatMap(([target, condition]) => {
        const dependency = compose.services[target];
        if (!dependency) return [`${name} depends on unknown ${target}`];
        if (condition === 'service_healthy' && healthCommand(dependency).length < 2) {
          return [`${name} waits for ${target} to be healthy, but ${target} has no health check`];
        }
        return [];
      }),
    );
    expect(problems).toEqual([]);
    for (const [name] of appServices) {
      expect(dependencies(compose.services[name] ?? {}).every(([, condition]) => condition === 'service_healthy')).toBe(
        true,
      );
    }
  });

  it('reads only variables that deploy/env.example documents, and starts with its settings', () => {
    const used = new Set([...composeText.matchAll(/\$\{([A-Za-z_]\w*)/g)].map((match) => match[1]));
    expect([...used].filter((name) => name !== undefined && !(name in exampleEnv))).toEqual([]);
    // Interpolation throws on a ${NAME:?...} that env.example leaves unset.
    for (const [, service] of services) containerEnvironment(service);
  });

  it('builds the app services from the one Dockerfile, each from a workspace of the root package.json', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    expect(appServices.map(([name]) => name).sort()).toEqual(['bff', 'identity']);
    for (const [, service] of appServices) {
      expect(service.build).toMatchObject({ context: '.', dockerfile: 'deploy/Dockerfile' });
      expect(workspaces).toContain(workspaceOf(service));
    }
  });

  it('sets for each app service only variables its config schema reads', () => {
    const unread = appServices.flatMap(([name, service]) => {
      const keys = Object.keys(schemaFor(workspaceOf(service) ?? '').shape);
      return Object.keys(environmentOf(service))
        .filter((variable) => !keys.includes(variable))
        .map((variable) => `${name}: ${variable}`);
    });
    expect(unread).toEqual([]);
  });

  it('gives each app service values its config schema accepts', () => {
    for (const [name, service] of appServices) {
      const result = schemaFor(workspaceOf(service) ?? '').safeParse(containerEnvironment(service));
      expect({ name, issues: result.error?.issues ?? [] }).toEqual({ name, issues: [] });
    }
  });

  it('points the app services only at hosts that are compose services', () => {
    const unknown = appServices.flatMap(([name, service]) =>
      Object.entries(containerEnvironment(service)).flatMap(([variable, value]) =>
        hostsIn(value)
          .filter((host) => !LOCAL_HOSTS.has(host) && !(host in compose.services))
          .map((host) => `${name}: ${variable} -> ${host}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('runs two or more bff replicas behind the gateway, which alone publishes a port', () => {
    const bff = appServices.find(([, service]) => workspaceOf(service) === 'bff');
    expect(bff?.[1].deploy?.replicas).toBeGreaterThanOrEqual(2);
    const nginx = read('deploy/nginx.conf');
    expect(/^\s*server\s+([\w.-]+):3000\b/m.exec(nginx)?.[1]).toBe(bff?.[0]);
    const listen = /^\s*listen\s+(\d+)\s*;/m.exec(nginx)?.[1];
    const published = services.filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['gateway']);
    const gateway = compose.services.gateway ?? {};
    expect(gateway.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(gateway.ports?.map((port) => port.split(':').at(-1))).toEqual([listen]);
  });
});

describe('compose health checks, run for real', () => {
  const identity = compose.services.identity ?? {};

  describe('gRPC (deploy/grpc-health.mjs)', () => {
    let server: grpc.Server;
    let health: HealthImplementation;
    let address: string;
    let command: string[];

    beforeAll(async () => {
      server = new grpc.Server();
      health = new HealthImplementation({ '': 'SERVING' });
      health.addToServer(server);
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
          error ? reject(error) : resolve(bound),
        ),
      );
      address = `127.0.0.1:${port}`;
      // The check targets the port identity listens on; here it targets the test's server instead.
      const listenPort = environmentOf(identity).GRPC_PORT;
      expect(listenPort).toMatch(/^\d+$/);
      const [kind, ...rest] = healthCommand(identity);
      expect(kind).toBe('CMD');
      expect(rest).toContain(`127.0.0.1:${listenPort}`);
      command = rest.map((arg) => (arg === `127.0.0.1:${listenPort}` ? address : arg));
    });

    afterAll(() => {
      server.forceShutdown();
    });

    it('passes while the server is SERVING', async () => {
      health.setStatus('', 'SERVING');
      expect(await exitCode(command)).toBe(0);
    });

    it('fails once the server reports NOT_SERVING', async () => {
      health.setStatus('', 'NOT_SERVING');
      expect(await exitCode(command)).toBe(1);
    });

    it('fails when nothing listens', async () => {
      const closed = command.map((arg) => (arg === address ? '127.0.0.1:1' : arg));
      expect(await exitCode(closed)).toBe(1);
    });
  });

  describe('HTTP (the bff)', () => {
    let server: Server;
    let readyStatus = 200;
    let port: number;
    const bff = compose.services.bff ?? {};

    beforeAll(async () => {
      server = createServer((request, response) => {
        response.statusCode = request.url === '/api/ready' ? readyStatus : 404;
        response.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    const run = () => {
      const [kind, ...command] = healthCommand(bff);
      expect(kind).toBe('CMD');
      return exitCode(command, { ...process.env, PORT: String(port) });
    };

    it('passes while /api/ready answers 200 on PORT', async () => {
      readyStatus = 200;
      expect(await run()).toBe(0);
    });

    it('fails while /api/ready answers 503', async () => {
      readyStatus = 503;
      expect(await run()).toBe(1);
    });
  });
});

describe('deploy/Dockerfile and .dockerignore', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('copies every workspace manifest before npm install, so the dependency layer stays cached', () => {
    const install = dockerfile.indexOf('RUN npm install');
    expect(install).toBeGreaterThan(0);
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const missing = workspaces.filter((ws) => {
      const copy = dockerfile.indexOf(`COPY ${ws}/package.json ${ws}/\n`);
      return copy < 0 || copy > install;
    });
    expect(missing).toEqual([]);
  });

  it('runs the workspace given at build time as a non-root user', () => {
    expect(dockerfile).toMatch(/^ARG WORKSPACE$/m);
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toContain('CMD ["sh", "-c", "exec node \\"$WORKSPACE/dist/main.js\\""]');
    expect(NODE_ENV).toBe('production');
  });

  it('keeps dependencies, build output and local secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.env', '.git']));
  });
});

interface K8sContainer {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: K8sProbe;
  livenessProbe?: K8sProbe;
  startupProbe?: K8sProbe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}
type K8sProbe = { grpc?: { port: number }; httpGet?: { path: string; port: number | string } };

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    ports?: { port: number; targetPort?: number | string }[];
    template?: {
      metadata: { labels: Record<string, string> };
      spec: { securityContext?: { runAsNonRoot?: boolean }; containers: K8sContainer[] };
    };
  };
}

describe('deploy/k8s (kustomize base)', () => {
  const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as { resources: string[] };
  const objects: K8sObject[] = kustomization.resources.flatMap((file) => {
    const documents = parseAllDocuments(read(join('deploy/k8s', file)));
    if (!Array.isArray(documents)) throw new Error(`${file} is empty`);
    for (const document of documents) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`);
    }
    return documents.map((document) => document.toJS() as K8sObject);
  });
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  const configMaps = new Map(
    objects.filter((object) => object.kind === 'ConfigMap').map((object) => [object.metadata.name, object.data ?? {}]),
  );

  /** A Deployment's workspace: the compose app service that builds the same image. */
  const workspaceByImage = new Map(
    appServices.map(([, service]) => [(service.image ?? '').split(':')[0], workspaceOf(service) ?? '']),
  );

  it('lists resource files that exist and parse as Kubernetes objects', () => {
    expect(kustomization.resources.every((file) => existsSync(join(root, 'deploy/k8s', file)))).toBe(true);
    expect(objects.every((object) => object.apiVersion && object.kind && object.metadata.name)).toBe(true);
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(['bff', 'identity']);
    expect(deployments.find((deployment) => deployment.metadata.name === 'bff')?.spec?.replicas).toBe(2);
  });

  it('probes every container on a port it exposes, and runs it non-root, read-only, with resource limits', () => {
    const problems = deployments.flatMap((deployment) => {
      const pod = deployment.spec?.template?.spec;
      if (!pod) return [`${deployment.metadata.name}: no pod template`];
      return pod.containers.flatMap((container) => {
        const where = `${deployment.metadata.name}/${container.name}`;
        const ports = (container.ports ?? []).flatMap((port) => [port.containerPort, port.name]);
        const issues: string[] = [];
        for (const kind of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const) {
          const probe = container[kind];
          const port = probe?.grpc?.port ?? probe?.httpGet?.port;
          if (port === undefined) issues.push(`${where}: no ${kind}`);
          else if (!ports.includes(port)) issues.push(`${where}: ${kind} on unexposed port ${port}`);
        }
        if (!(container.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot)) {
          issues.push(`${where}: not runAsNonRoot`);
        }
        if (!container.securityContext?.readOnlyRootFilesystem) issues.push(`${where}: root filesystem writable`);
        if (container.securityContext?.allowPrivilegeEscalation !== false)
          issues.push(`${where}: privilege escalation`);
        if (!container.resources?.requests || !container.resources.limits?.memory)
          issues.push(`${where}: no resources`);
        return issues;
      });
    });
    expect(problems).toEqual([]);
  });

  it('has a Service selecting each Deployment on a named container port', () => {
    for (const deployment of deployments) {
      const labels = deployment.spec?.template?.metadata.labels ?? {};
      expect(deployment.spec?.selector?.matchLabels).toEqual(labels);
      const service = objects.find(
        (object) =>
          object.kind === 'Service' &&
          Object.entries(object.spec?.selector ?? {}).every(([key, value]) => labels[key] === value),
      );
      const portNames = (deployment.spec?.template?.spec.containers ?? [])
        .flatMap((c) => c.ports ?? [])
        .map((p) => p.name);
      expect(service?.spec?.ports?.every((port) => portNames.includes(`${port.targetPort}`))).toBe(true);
    }
  });

  it('sets for each container only variables its config schema reads, from the ConfigMap and the Secret', () => {
    const unread = deployments.flatMap((deployment) =>
      (deployment.spec?.template?.spec.containers ?? []).flatMap((container) => {
        const workspace = workspaceByImage.get(container.image.split(':')[0]);
        if (!workspace) return [`${deployment.metadata.name}: image ${container.image} is built by no compose service`];
        const keys = Object.keys(schemaFor(workspace).shape);
        const fromConfigMaps = (container.envFrom ?? []).flatMap((source) => {
          const name = source.configMapRef?.name;
          const data = name === undefined ? undefined : configMaps.get(name);
          if (!data) return [`(envFrom ${JSON.stringify(source)} names no ConfigMap of the base)`];
          return Object.keys(data);
        });
        return [...fromConfigMaps, ...(container.env ?? []).map((variable) => variable.name)]
          .filter((variable) => !keys.includes(variable))
          .map((variable) => `${deployment.metadata.name}: ${variable}`);
      }),
    );
    expect(unread).toEqual([]);
  });

  it('holds engine settings the engine schema accepts', () => {
    for (const data of configMaps.values()) {
      const result = engineConfigSchema.safeParse(data);
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });
});
