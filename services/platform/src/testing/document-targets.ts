import mongoose from 'mongoose';
import { join } from 'node:path';
import { MongoDocumentStore } from '../adapters/documents/mongo-store.js';
import { SqliteDocumentStore } from '../adapters/documents/sqlite-store.js';
import type { DocumentStore } from '../ports/documents.js';
import type { ContractTarget } from './contract.js';
import { embeddedEngine, mongoEngine } from './engines.js';

/** Every adapter of the documents port, for a suite that must hold on each: SQLite always, MongoDB when reachable. */
export const documentStoreTargets: ContractTarget<DocumentStore>[] = [
  { name: 'sqlite', engine: embeddedEngine, open: (dir, namespace) => SqliteDocumentStore.open(join(dir, namespace)) },
  {
    name: 'mongo',
    engine: mongoEngine,
    open: (url, namespace) => MongoDocumentStore.connect(url, { dbName: namespace }),
    dispose: async (url, namespace) => {
      const connection = await mongoose.createConnection(url, { dbName: namespace }).asPromise();
      await connection.dropDatabase();
      await connection.close();
    },
  },
];
