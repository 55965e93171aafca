import { describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { isUnreachable } from './mongo-store.js';

describe('the Mongo store, telling an unreachable database', () => {
  it("from the driver's network and server selection errors, and FerretDB's lost PostgreSQL", () => {
    const ferretdbWithoutPostgres = new mongoose.mongo.MongoServerError({
      message:
        'failed to connect to `user=postgres database=postgres`: 127.0.0.1:41234 (127.0.0.1): dial error: connect: connection refused',
      code: 1,
      codeName: 'InternalError',
    });
    const selection = new mongoose.mongo.MongoServerSelectionError('Server selection timed out after 30000 ms', {
      type: 'Unknown',
      servers: new Map(),
      stale: false,
      compatible: true,
      heartbeatFrequencyMS: 10_000,
      localThresholdMS: 15,
    } as unknown as mongoose.mongo.TopologyDescription);
    expect(
      [
        new mongoose.mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'),
        selection,
        ferretdbWithoutPostgres,
      ].map(isUnreachable),
    ).toEqual([true, true, true]);
  });

  it('from nothing else: a duplicate key, a bad query, any other error', () => {
    const duplicate = new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key error', code: 11000 });
    const badQuery = new mongoose.mongo.MongoServerError({ message: 'unknown operator: $foo', code: 2 });
    expect([duplicate, badQuery, new Error('failed to connect to')].map(isUnreachable)).toEqual([false, false, false]);
  });
});
