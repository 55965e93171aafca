/**
 * `npm run data:import [-- <data directory>] [--service <name>]`: imports a data directory written by the earlier
 * version (nedb datafiles, the file event log) into the SQLite stores, with Tip stopped. The directory defaults to
 * DATA_DIR (./data), as for `npm start`. README's "Upgrading a data directory" says more.
 */
import { engineConfigSchema, loadConfig, runMain } from '@tip/platform';
import { parseArgs } from 'node:util';
import { importDataDir, ImportRefused, type ImportReport } from './import-data-dir.js';

const USAGE = 'Usage: npm run data:import -- [<data directory, DATA_DIR by default>] [--service <name>]';

function summary(report: ImportReport): string[] {
  const lines = report.documents.map(({ service, imported }) => {
    const counts = Object.entries(imported.collections).map(([name, count]) => `${name} ${count}`);
    return `  ${service}: ${counts.join(', ') || 'no collections'}`;
  });
  const { events } = report;
  if (events) {
    const counts = Object.entries(events.topics).map(([topic, count]) => `${topic} ${count}`);
    lines.push(`  events: ${counts.join(', ') || 'no topics'}`);
    const groups = new Set(events.offsets.map((offset) => offset.group));
    lines.push(`  consumer offsets: ${events.offsets.length}, of ${groups.size} groups`);
  }
  const unreadable =
    report.documents.reduce((total, { imported }) => total + imported.unreadableLines, 0) +
    (events?.unreadableLines ?? 0);
  if (unreadable > 0) {
    lines.push(`  left out: ${unreadable} unreadable lines, which the earlier version skipped as well`);
  }
  return lines;
}

/** The directory and --service, or undefined when the arguments are not those. */
function readArgs(): { dataDir: string | undefined; service: string | undefined } | undefined {
  try {
    const { positionals, values } = parseArgs({ allowPositionals: true, options: { service: { type: 'string' } } });
    return positionals.length > 1 ? undefined : { dataDir: positionals[0], service: values.service };
  } catch {
    return undefined;
  }
}

runMain(async () => {
  const args = readArgs();
  if (!args) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const dataDir = args.dataDir ?? loadConfig(engineConfigSchema).DATA_DIR;
  try {
    const report = await importDataDir(dataDir, { service: args.service });
    if (!report) {
      console.log(`${dataDir} holds no data of the earlier format: nothing to import.`);
      return;
    }
    if (report.resumed) {
      console.log(`Finished the import an earlier run had begun in ${report.dataDir}.`);
    } else {
      console.log(`Imported ${report.dataDir}:`);
      for (const line of summary(report)) console.log(line);
    }
    console.log(`The earlier version's files are in ${report.movedAsideTo}/ of the data directory. Tip can start.`);
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
});
