// `npm run bench`: every bench in turn (after the build), then one table of each figure against its target, each
// a ratio measured in the same run where one can be (README, Benchmarks). A bench that fails stops the run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BENCHES = [
  'services/embedded/dist/bench/auth-user.bench.js',
  'services/embedded/dist/bench/sign-in.bench.js',
  'services/wallet/dist/bench/debits.bench.js',
  'services/embedded/dist/bench/feed.bench.js',
  'services/embedded/dist/bench/workers.bench.js',
  'services/embedded/dist/bench/media.bench.js',
  'services/embedded/dist/bench/messages.bench.js',
  'services/embedded/dist/bench/overload.bench.js',
  'services/embedded/dist/bench/notifications.bench.js',
  'services/embedded/dist/bench/idle.bench.js',
  'services/embedded/dist/bench/admin-users.bench.js',
  'services/embedded/dist/bench/history.bench.js',
  'services/embedded/dist/bench/faults.bench.js',
  'services/embedded/dist/bench/phone.bench.js',
  // Last: it starts the real engines (deploy/engines) unless TIP_ENGINES_RUN names running ones.
  'services/embedded/dist/bench/distributed.bench.js',
];

const dir = mkdtempSync(join(tmpdir(), 'tip-bench-'));
const report = join(dir, 'targets.jsonl');
try {
  for (const bench of BENCHES) {
    console.log(`\n== ${bench}`);
    execFileSync(process.execPath, [join(root, bench)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_REPORT: report },
    });
  }
  printTable(
    readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function printTable(targets) {
  const columns = [
    ['bench', (row) => row.bench],
    ['figure', (row) => row.what],
    ['measured', (row) => row.measured],
    ['target', (row) => row.target],
    ['', (row) => (row.met ? 'met' : 'MISSED')],
  ];
  const widths = columns.map(([title, cell]) => Math.max(title.length, ...targets.map((row) => cell(row).length)));
  const line = (cells) =>
    cells
      .map((cell, n) => cell.padEnd(widths[n]))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(columns.map(([title]) => title))}`);
  for (const row of targets) console.log(line(columns.map(([, cell]) => cell(row))));
  const missed = targets.filter((row) => !row.met).length;
  console.log(
    `\n${targets.length} targets, ${targets.length - missed} met, ${missed} missed (this machine, this run, Node ${process.version})`,
  );
}
