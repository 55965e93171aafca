import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  DOCUMENTS_FILE,
  EVENTS_FILE,
  hasLegacyData,
  importLegacyDocuments,
  importLegacyEventLog,
  LEGACY_DOCUMENTS_DIR,
  LEGACY_EVENTS_DIR,
  legacyDataIn,
  SERVICE_DIRS,
  storeHoldsData,
  type DocumentsImported,
  type EventsImported,
  type LegacyData,
} from '@tip/platform';

/** An import that cannot run, for a reason the operator can fix: said as it is, with no stack trace. */
export class ImportRefused extends Error {}

/** Where an import builds the new stores: inside the data directory, so that moving them into place is a rename. */
export const STAGING_DIR = '.data-import';
/** Written into STAGING_DIR once every store there is whole; from then on, finishing is renames only. */
const PLAN_FILE = 'plan.json';

/** What is left to do once the new stores are built; paths from the data directory. */
interface Plan {
  /** Each new store, from the staging folder to its place. */
  stores: { from: string; to: string }[];
  /** Each folder of the earlier version, to where it is moved aside. */
  legacy: { from: string; to: string }[];
  movedAsideTo: string;
}

export interface ImportReport {
  dataDir: string;
  /** The folder of the data directory the earlier version's files were moved into. */
  movedAsideTo: string;
  /** Set when this run only finished an import that an earlier run had built and then been interrupted in. */
  resumed: boolean;
  documents: { service: string; imported: DocumentsImported }[];
  events: EventsImported | undefined;
}

/** One store of the earlier version and where its import goes. */
interface Part {
  /** The earlier version's folder. */
  legacy: string;
  /** The new store's file. */
  store: string;
  service?: string;
}

/**
 * Imports what the earlier version (nedb datafiles, the file event log) wrote in the data directory `dataDir` into
 * the SQLite stores, then moves its files aside into `legacy-<time>/`, so that the next start runs on the import.
 * Answers undefined when there is nothing of the earlier version to import.
 *
 * Safe to interrupt and to run again: the new stores are built whole in a staging folder first (an interrupted build
 * is thrown away by the next run), then renamed into place, and only then are the old folders moved aside; while any
 * of them is still there, Tip refuses to start (refuseLegacyData), and the next run finishes the renames. It refuses
 * a data directory whose SQLite stores already hold data, which the import would replace.
 *
 * `service` names the service whose documents a top-level `db/` holds (a service run alone on its own DATA_DIR).
 */
export async function importDataDir(
  dataDir: string,
  options: { service?: string; now?: Date } = {},
): Promise<ImportReport | undefined> {
  const root = resolve(dataDir);
  if (!(await stat(root).catch(() => undefined))?.isDirectory()) {
    throw new ImportRefused(`There is no data directory at ${root} (DATA_DIR).`);
  }
  const staging = join(root, STAGING_DIR);
  const unfinished = await readPlan(staging);
  if (unfinished) {
    await carryOut(root, unfinished);
    const { movedAsideTo } = unfinished;
    return { dataDir: root, movedAsideTo, resumed: true, documents: [], events: undefined };
  }
  // Without a plan, a staging folder is a build that was interrupted, or what was left of one whose import finished
  // when its clean-up was: nothing in it is needed.
  await rm(staging, { recursive: true, force: true });

  const legacy = await legacyDataIn(root);
  if (!hasLegacyData(legacy)) return undefined;
  const parts = partsOf(legacy, options.service);
  const documentParts = parts.filter((part): part is Part & { service: string } => part.service !== undefined);
  const filled: string[] = [];
  for (const part of parts) {
    if ((await stat(join(root, part.store)).catch(() => undefined)) && storeHoldsData(join(root, part.store))) {
      filled.push(part.store);
    }
  }
  if (filled.length > 0) {
    throw new ImportRefused(
      `${root} already holds data in the current format (${filled.join(', ')}), which the import would replace. ` +
        'Move those files away first if the data of the earlier version is the one to keep.',
    );
  }

  await mkdir(staging, { recursive: true });
  const report: ImportReport = {
    dataDir: root,
    movedAsideTo: `legacy-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`,
    resumed: false,
    documents: [],
    events: undefined,
  };
  try {
    for (const part of documentParts) {
      const imported = await importLegacyDocuments(join(root, part.legacy), join(staging, part.service));
      report.documents.push({ service: part.service, imported });
    }
    if (legacy.events) report.events = await importLegacyEventLog(join(root, LEGACY_EVENTS_DIR), staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const plan: Plan = {
    stores: parts.map((part) => ({ from: join(STAGING_DIR, part.store), to: part.store })),
    legacy: parts.map((part) => ({ from: part.legacy, to: join(report.movedAsideTo, part.legacy) })),
    movedAsideTo: report.movedAsideTo,
  };
  await writePlan(staging, plan);
  await carryOut(root, plan);
  return report;
}

function partsOf(legacy: LegacyData, service: string | undefined): Part[] {
  const parts: Part[] = legacy.services.map((name) => ({
    legacy: join(name, LEGACY_DOCUMENTS_DIR),
    store: join(name, DOCUMENTS_FILE),
    service: name,
  }));
  if (legacy.topDocuments) {
    if (!service || !(SERVICE_DIRS as readonly string[]).includes(service)) {
      throw new ImportRefused(
        `${LEGACY_DOCUMENTS_DIR}/ holds the documents of one service, run alone on this directory: say which with ` +
          `--service <${SERVICE_DIRS.join('|')}>.`,
      );
    }
    if (legacy.services.includes(service)) {
      throw new ImportRefused(
        `Both ${LEGACY_DOCUMENTS_DIR}/ and ${service}/${LEGACY_DOCUMENTS_DIR}/ hold ${service}'s documents: keep one.`,
      );
    }
    parts.push({ legacy: LEGACY_DOCUMENTS_DIR, store: join(service, DOCUMENTS_FILE), service });
  } else if (service) {
    throw new ImportRefused(`--service names whose documents ${LEGACY_DOCUMENTS_DIR}/ holds, and there is none.`);
  }
  if (legacy.events) parts.push({ legacy: LEGACY_EVENTS_DIR, store: EVENTS_FILE });
  return parts;
}

/**
 * Moves the new stores into place, then the old folders aside; each step skipped when an interrupted run already
 * made it. A file in a store's place is an empty store (one holding data was refused), with its SQLite companions.
 */
async function carryOut(root: string, plan: Plan): Promise<void> {
  for (const { from, to } of plan.stores) {
    if (!(await stat(join(root, from)).catch(() => undefined))) continue;
    for (const suffix of ['', '-wal', '-shm']) await rm(join(root, `${to}${suffix}`), { force: true });
    await mkdir(dirname(join(root, to)), { recursive: true });
    await rename(join(root, from), join(root, to));
  }
  for (const { from, to } of plan.legacy) {
    if (!(await stat(join(root, from)).catch(() => undefined))) continue;
    await mkdir(dirname(join(root, to)), { recursive: true });
    await rename(join(root, from), join(root, to));
  }
  await rm(join(root, STAGING_DIR), { recursive: true, force: true });
}

async function readPlan(staging: string): Promise<Plan | undefined> {
  let text: string;
  try {
    text = await readFile(join(staging, PLAN_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Only this module writes the plan, and whole (writePlan).
  return JSON.parse(text) as Plan;
}

/** The plan goes in whole or not at all: written beside, synced, then renamed. */
async function writePlan(staging: string, plan: Plan): Promise<void> {
  const temporary = join(staging, `${PLAN_FILE}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify(plan));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(staging, PLAN_FILE));
}
