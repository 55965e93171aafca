/**
 * `npm run backup -- <dir>`: a consistent copy of the data directory (DATA_DIR, ./data by default, as for `npm start`)
 * into <dir>, a new or empty directory, taken while the platform serves. README's "Backups" says how to restore it.
 */
import { engineConfigSchema, loadConfig, runMain } from '@tip/platform';
import { resolve } from 'node:path';
import { backupDataDir, BackupRefused, type CopiedPart } from './backup-data-dir.js';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = ({ what, files, bytes, ms }: CopiedPart) =>
  `  ${what.padEnd(40)} ${String(files).padStart(7)} file${files === 1 ? ' ' : 's'} ${megabytes(bytes).padStart(11)} ${seconds(ms).padStart(8)}`;

runMain(async () => {
  const args = process.argv.slice(2);
  const [target] = args;
  if (args.length !== 1 || target === undefined) {
    console.error('Usage: npm run backup -- <directory>  (a new or empty directory; DATA_DIR names what is copied)');
    process.exitCode = 1;
    return;
  }
  const config = loadConfig(engineConfigSchema);
  const external = (['MONGO_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'S3_ENDPOINT'] as const).filter((name) => config[name]);
  if (external.length > 0) {
    console.warn(
      `${external.join(', ')} set: what those engines hold is not in DATA_DIR; back it up with their tools.`,
    );
  }
  console.log(`Backing up ${resolve(config.DATA_DIR)} into ${resolve(target)}:`);
  try {
    const report = await backupDataDir(config.DATA_DIR, target, (part) => console.log(line(part)));
    console.log(
      `Done: ${report.files} files, ${megabytes(report.bytes)} in ${seconds(report.ms)}. To restore, see README.md, "Backups".`,
    );
  } catch (error) {
    if (!(error instanceof BackupRefused)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
});
