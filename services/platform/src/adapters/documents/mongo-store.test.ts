import { describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { isUnreachable } from './mongo-store.js';

describe('the Mongo store, telling an unreachable database', () => {
  const serverError = (message: string, code: number, codeName: string) =>
    new mongoose.mongo.MongoServerError({ message, code, codeName });

  it("from the driver's network and server selection errors, and FerretDB's lost PostgreSQL", () => {
    const selection = new mongoose.mongo.MongoServerSelectionError('Server selection timed out after 30000 ms', {
      type: 'Unknown',
      servers: new Map(),
      stale: false,
      compatible: true,
      heartbeatFrequencyMS: 10_000,
      localThresholdMS: 15,
    } as unknown as mongoose.mongo.TopologyDescription);
    // What FerretDB 1.24 answered here while its PostgreSQL stopped (fast shutdown) and started again.
    const ferretdb = [
      'failed to connect to `user=postgres database=postgres`: 127.0.0.1:41234 (127.0.0.1): dial error: connect: connection refused',
      '[msg_insert.go:168 handler.(*Handler).MsgInsert] FATAL: terminating connection due to administrator command (SQLSTATE 57P01)',
      'failed to connect to `user=postgres database=postgres`: 127.0.0.1:41234 (127.0.0.1): server error: FATAL: the database system is starting up (SQLSTATE 57P03)',
      'failed to connect to `user=postgres database=postgres`: 127.0.0.1:41234 (127.0.0.1): tls error: server refused TLS connection 127.0.0.1:41234 (127.0.0.1): server error: FATAL: the database system is shutting down (SQLSTATE 57P03)',
      '[msg_find.go:344 handler.handleMaxTimeMSError] [values.go:74 iterator.ConsumeValuesN[...]] FATAL: terminating connection due to administrator command (SQLSTATE 57P01)',
    ].map((message) => serverError(message, 1, 'InternalError'));
    expect(
      [new mongoose.mongo.MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'), selection, ...ferretdb].map(
        isUnreachable,
      ),
    ).toEqual([true, true, true, true, true, true, true]);
  });

  it('from MongoDB answering from a node that is not primary or is stopping', () => {
    expect(
      [
        serverError('not primary', 10107, 'NotWritablePrimary'),
        serverError('not primary and secondaryOk=false', 13435, 'NotPrimaryNoSecondaryOk'),
        serverError('operation was interrupted', 11602, 'InterruptedDueToReplStateChange'),
        serverError('interrupted at shutdown', 11600, 'InterruptedAtShutdown'),
        serverError('The server is in quiesce mode and will shut down', 91, 'ShutdownInProgress'),
      ].map(isUnreachable),
    ).toEqual([true, true, true, true, true]);
  });

  it('from nothing else: a duplicate key, a bad query, any other error', () => {
    const duplicate = new mongoose.mongo.MongoServerError({ message: 'E11000 duplicate key error', code: 11000 });
    const badQuery = new mongoose.mongo.MongoServerError({ message: 'unknown operator: $foo', code: 2 });
    // PostgreSQL refusing what was asked (a unique violation, SQLSTATE 23505): the database answered.
    const refused = serverError('duplicate key value violates unique constraint (SQLSTATE 23505)', 1, 'InternalError');
    expect([duplicate, badQuery, refused, new Error('failed to connect to')].map(isUnreachable)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
