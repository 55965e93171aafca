/**
 * Compose's gateway (deploy/nginx.conf) on this machine: Debian's nginx with the gateway's configuration, its
 * compose-only lines (the nginx user, Docker's resolver, the bff service's name, the container's port) replaced by
 * the replicas' loopback ports and a scratch directory for its pid, logs and buffers.
 */
import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const GATEWAY_CONF = new URL('../../../deploy/nginx.conf', import.meta.url);

export interface GatewaySettings {
  /** Holds its pid, error log and request buffers. */
  dir: string;
  /** nginx's `listen` address: `3000`, or `127.0.0.1:3000`. */
  listen: string;
  /** The BFF replicas' ports on loopback. */
  upstreams: readonly number[];
}

/** deploy/nginx.conf pointed at this machine; fails if the lines it replaces changed. */
export function localGatewayConfig({ dir, listen, upstreams }: GatewaySettings): string {
  const conf = readFileSync(GATEWAY_CONF, 'utf8');
  const replaced = conf
    .replace(/^user .*;$/m, `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;`)
    .replace(/^\s*resolver .*;$/m, '')
    .replace(/^(\s*)server bff:3000 resolve;$/m, (_, indent: string) =>
      upstreams.map((port) => `${indent}server 127.0.0.1:${port};`).join('\n'),
    )
    .replace(/^(\s*)listen 3000;$/m, `$1listen ${listen};`)
    .replace(
      /^http \{$/m,
      `http {\n  access_log off;\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)
        .join('\n')}`,
    );
  for (const line of ['server 127.0.0.1:', `listen ${listen};`, 'pid '])
    if (!replaced.includes(line)) throw new Error(`deploy/nginx.conf changed: no line to point at '${line}'`);
  return replaced;
}

export interface RunningGateway {
  /** Answers nginx's exit code once it has stopped. */
  exited: Promise<number | null>;
  /** What nginx printed, for a failure's message. */
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts nginx in the foreground with the local gateway's configuration. */
export function startGateway(settings: GatewaySettings): RunningGateway {
  // As root, nginx's workers run as nobody: they must reach the directory where they buffer request bodies.
  chmodSync(settings.dir, 0o711);
  const conf = join(settings.dir, 'nginx.conf');
  writeFileSync(conf, localGatewayConfig(settings));
  const nginx = spawn(NGINX, ['-p', settings.dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  nginx.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    nginx.once('exit', (code) => resolve(code));
    nginx.once('error', (error) => {
      output += `${error.message}\n`;
      resolve(null);
    });
  });
  return {
    exited,
    output: () => output,
    async stop() {
      // SIGTERM, not the graceful SIGQUIT, which would wait for every open WebSocket to close.
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
      return exited;
    },
  };
}
