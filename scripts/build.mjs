// Builds what is stale, so that `npm start` and `npm test` work on a fresh clone and cost little on a built one:
// gRPC types from proto/ (each into its service), the TypeScript projects' JavaScript (each file newer than its
// output), and the web app (when its sources changed).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { transpilePackage, typescriptProjects } from './typescript-transpile.mjs';

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

/**
 * What proto-loader-gen-types makes, and where: each contract's types live with the service that owns it
 * (proto/<name>.proto into services/<name>/src/generated), the platform's test service beside its tests.
 */
const protoTargets = [
  ...readdirSync(join(root, 'proto'))
    .filter((file) => file.endsWith('.proto'))
    .map((file) => ({ dir: 'proto', file, outDir: `services/${basename(file, '.proto')}/src/generated` })),
  {
    dir: 'services/platform/src/grpc/testing',
    file: 'users.proto',
    outDir: 'services/platform/src/grpc/testing/generated',
  },
];
for (const { dir, file, outDir } of protoTargets) {
  if (!existsSync(join(root, dirname(outDir)))) throw new Error(`${dir}/${file}: no service folder ${dirname(outDir)}`);
  if (newestMtime(join(root, dir, file)) <= newestMtime(join(root, outDir))) continue;
  run(bin('proto-loader-gen-types'), [
    file,
    '--grpcLib=@grpc/grpc-js',
    '--longs=String',
    '--enums=String',
    '--defaults',
    '--oneofs',
    '--importFileExtension=.js',
    `--outDir=${outDir}`,
    `--includeDirs=${dir}`,
  ]);
}

// Each project's sources into its dist (what `npm start` and the tests' platforms run), without the type check:
// `npm run check` does that (tsc -b). A fresh clone builds in seconds rather than a minute.
await Promise.all(typescriptProjects(root).map((path) => transpilePackage(join(root, path))));

if (!process.argv.includes('--no-web')) {
  const webSources = Math.max(
    newestMtime(join(root, 'web/src')),
    newestMtime(join(root, 'web/index.html')),
    newestMtime(join(root, 'web/vite.config.ts')),
    newestMtime(join(root, 'web/build')),
    newestMtime(join(root, 'web/pwa.config.ts')),
    newestMtime(join(root, 'web/public')),
    newestMtime(join(root, 'services/identity/src/domain')),
    newestMtime(join(root, 'services/wallet/src/domain')),
    newestMtime(join(root, 'services/content/src/domain')),
    newestMtime(join(root, 'services/messaging/src/domain')),
  );
  if (webSources > newestMtime(join(root, 'web/dist')))
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}
