// MongoDB's wire protocol without MongoDB (no package carries it): FerretDB 1.24 over Debian's PostgreSQL 15.
// FerretDB is built once from the Go module proxy's source into the cache; PostgreSQL gets a cluster of its own in
// the run directory, run as the postgres user when this script runs as root (PostgreSQL refuses root).
import { execFileSync } from 'node:child_process';
import { cp, chmod, chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { accepts, freePort, logMatches, run, startDaemon, stoppingOnFailure, waitUntilReady } from './daemons.mjs';

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * FerretDB's binary, built into `<cache>/ferretdb-<version>/ferretdb` unless it is there already. Built from the
 * module's source with its version file written in: `go install` of the module alone makes a binary that refuses to
 * start, since the version file is generated in FerretDB's own release build and the module does not carry it.
 * @param {string} cacheDir
 * @returns {Promise<string>} the binary's path
 */
export async function buildFerretdb(cacheDir) {
  const home = join(cacheDir, `ferretdb-${FERRETDB_VERSION}`);
  const binary = join(home, 'ferretdb');
  if (existsSync(binary)) return binary;
  await rm(home, { recursive: true, force: true });
  await mkdir(home, { recursive: true });
  await run('go', ['version']).catch((error) => {
    throw new Error(`building FerretDB needs Go 1.24 or later on the PATH (${error.message})`, { cause: error });
  });
  const { stdout } = await run('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const source = join(home, 'source');
  await cp(JSON.parse(stdout).Dir, source, { recursive: true });
  await makeWritable(source);
  await writeFile(join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  await run('go', ['build', '-o', `${binary}.partial`, './cmd/ferretdb'], { cwd: source, maxBuffer: 16 * 1024 * 1024 });
  await rm(source, { recursive: true, force: true });
  await run('mv', [`${binary}.partial`, binary]);
  return binary;
}

/** The module cache's copy is read-only; the build writes one file into it. */
async function makeWritable(dir) {
  await run('chmod', ['-R', 'u+w', dir]);
}

/** Who PostgreSQL runs as: the postgres user when this script is root, else whoever runs it. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A PostgreSQL cluster under `<runDir>/postgres`, then FerretDB over it.
 * @param {{ binary: string, runDir: string }} options
 */
export async function startFerretdb({ binary, runDir }) {
  const dir = join(runDir, 'ferretdb');
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const logFile = join(dir, 'ferretdb.log');
  return stoppingOnFailure(async (started) => {
    const postgres = await startPostgres(runDir, started);
    const pid = startDaemon(
      binary,
      [
        '--handler=postgresql',
        `--postgresql-url=postgres://postgres@127.0.0.1:${postgres.port}/postgres`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        `--state-dir=${dir}`,
        '--telemetry=disable',
        '--log-level=WARN',
      ],
      { logFile, cwd: dir },
    );
    started.push(pid);
    await waitUntilReady({ name: 'ferretdb', pid, logFile, timeoutMs: 30_000, ready: () => accepts(port) });
    return {
      pids: started,
      listens: `127.0.0.1:${port} (MongoDB wire protocol; PostgreSQL at 127.0.0.1:${postgres.port})`,
      env: { MONGO_URL: `mongodb://127.0.0.1:${port}/tip` },
    };
  });
}

/** @param {string} runDir @param {number[]} started where its process id goes as soon as it runs */
async function startPostgres(runDir, started) {
  const dir = join(runDir, 'postgres');
  const data = join(dir, 'data');
  const user = postgresUser();
  await mkdir(dir, { recursive: true });
  // The run directory may be root's; PostgreSQL's user must reach its own folder inside it.
  await chmod(runDir, 0o755);
  if (user.uid !== undefined) await chown(dir, user.uid, user.gid);
  const port = await freePort();
  const logFile = join(dir, 'postgres.log');
  await run(join(POSTGRES_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], {
    ...user,
    cwd: dir,
  });
  const pid = startDaemon(
    join(POSTGRES_BIN, 'postgres'),
    [
      '-D',
      data,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `port=${port}`,
      '-c',
      `unix_socket_directories=${dir}`,
      // Test data: a crash may lose the last commits, never corrupt the cluster.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
    ],
    { logFile, cwd: dir, ...user },
  );
  started.push(pid);
  await waitUntilReady({
    name: 'postgres',
    pid,
    logFile,
    timeoutMs: 30_000,
    ready: logMatches(logFile, /ready to accept connections/),
  });
  return { port };
}
