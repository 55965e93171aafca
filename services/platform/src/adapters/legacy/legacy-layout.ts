import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where the earlier version (before the SQLite engines) kept its data under DATA_DIR: each service's nedb datafiles
 * in `<service>/db/` (the one-process platform), or in `db/` for a service run alone on its own DATA_DIR, and the file
 * event log in `events/` (`<topic>.log`, and `offsets/` for the consumer groups).
 */
export const LEGACY_DOCUMENTS_DIR = 'db';
export const LEGACY_EVENTS_DIR = 'events';
/** The services that keep documents of their own, each in `DATA_DIR/<service>/` (as createAdapters names them). */
export const SERVICE_DIRS = ['identity', 'wallet', 'content', 'messaging', 'moderation'] as const;

export interface LegacyData {
  /** `events/` holds topics or consumer offsets. */
  events: boolean;
  /** The services whose `<service>/db/` holds datafiles. */
  services: string[];
  /** `db/` at the top holds datafiles: the documents of the one service that ran on this directory. */
  topDocuments: boolean;
}

/** Which of the earlier version's stores the data directory `dataDir` holds data in. */
export async function legacyDataIn(dataDir: string): Promise<LegacyData> {
  const services: string[] = [];
  for (const service of SERVICE_DIRS) {
    if (await holdsFiles(join(dataDir, service, LEGACY_DOCUMENTS_DIR), '.db')) services.push(service);
  }
  const events =
    (await holdsFiles(join(dataDir, LEGACY_EVENTS_DIR), '.log')) ||
    (await holdsFiles(join(dataDir, LEGACY_EVENTS_DIR, 'offsets'), '.json'));
  return { events, services, topDocuments: await holdsFiles(join(dataDir, LEGACY_DOCUMENTS_DIR), '.db') };
}

/** The folders of `legacy` under the data directory, as the messages name them. */
function legacyPaths(legacy: LegacyData): string[] {
  return [
    ...(legacy.topDocuments ? [`${LEGACY_DOCUMENTS_DIR}/`] : []),
    ...legacy.services.map((service) => `${service}/${LEGACY_DOCUMENTS_DIR}/`),
    ...(legacy.events ? [`${LEGACY_EVENTS_DIR}/`] : []),
  ];
}

export const hasLegacyData = (legacy: LegacyData) => legacy.events || legacy.topDocuments || legacy.services.length > 0;

/**
 * The data directory holds data only the earlier version reads. Starting would open empty stores beside it: a
 * community that looks wiped out, whose data a later start could no longer tell from the new. The message says what
 * to run instead.
 */
export class LegacyDataError extends Error {
  constructor(dataDir: string, legacy: LegacyData, service?: string) {
    const directory = resolve(dataDir);
    // A service run alone kept its documents at the top; the import must be told whose they are.
    const serviceOption = legacy.topDocuments ? ` --service ${service ?? '<service>'}` : '';
    super(
      [
        `${directory} holds data written by an earlier version of Tip (${legacyPaths(legacy).join(', ')}), in a format this version no longer reads.`,
        'Tip does not start on it: it would start empty beside that data.',
        `Stop every Tip process that uses this directory, then import the data (documents, events and consumer offsets) with:`,
        `  npm run data:import -- ${directory}${serviceOption}`,
        'and start Tip again. The import moves the old files into a legacy-<time>/ folder of the directory.',
      ].join('\n'),
    );
    this.name = 'LegacyDataError';
  }
}

/**
 * Refuses to start on a data directory that holds the earlier version's data in the embedded engines this process
 * uses (`uses`: its documents, unless MongoDB holds them; its events, unless Kafka does). Called before any store is
 * opened, so that a refused start leaves nothing behind. `service` is the one this process runs, if one.
 */
export async function refuseLegacyData(
  dataDir: string,
  uses: { documents: boolean; events: boolean },
  service?: string,
): Promise<void> {
  const found = await legacyDataIn(dataDir);
  const legacy: LegacyData = {
    events: found.events && uses.events,
    services: uses.documents ? found.services : [],
    topDocuments: found.topDocuments && uses.documents,
  };
  if (hasLegacyData(legacy)) throw new LegacyDataError(dataDir, legacy, service);
}

/** Whether `dir` holds a file whose name ends with `extension` (a missing folder holds none). */
async function holdsFiles(dir: string, extension: string): Promise<boolean> {
  try {
    return (await readdir(dir)).some((name) => name.endsWith(extension) || name.endsWith(`${extension}~`));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  }
}
