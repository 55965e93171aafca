// Builds what is stale, so that `npm start` and `npm test` work on a fresh clone and cost little on a built one:
// gRPC types from proto/, the TypeScript projects (tsc -b is incremental), and the web app (when its sources changed).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const bin = (name) => join(root, 'node_modules', '.bin', name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path)
      .filter((name) => name !== 'node_modules' && name !== 'dist')
      .map((name) => newestMtime(join(path, name))),
  );
}

const generated = join(root, 'services/platform/src/generated');
if (newestMtime(join(root, 'proto')) > newestMtime(generated)) {
  const protos = readdirSync(join(root, 'proto')).filter((f) => f.endsWith('.proto'));
  run(bin('proto-loader-gen-types'), [
    ...protos,
    '--grpcLib=@grpc/grpc-js',
    '--longs=String',
    '--enums=String',
    '--defaults',
    '--oneofs',
    '--importFileExtension=.js',
    `--outDir=${generated}`,
    '--includeDirs=proto',
  ]);
}

run(bin('tsc'), ['-b']);

if (!process.argv.includes('--no-web')) {
  const webSources = Math.max(
    newestMtime(join(root, 'web/src')),
    newestMtime(join(root, 'web/index.html')),
    newestMtime(join(root, 'web/vite.config.ts')),
    newestMtime(join(root, 'services/identity/src/domain')),
    newestMtime(join(root, 'services/wallet/src/domain')),
    newestMtime(join(root, 'services/content/src/domain')),
    newestMtime(join(root, 'services/messaging/src/domain')),
  );
  if (webSources > newestMtime(join(root, 'web/dist')))
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}
