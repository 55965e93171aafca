import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

// A store prepares statements and leaves them to the GC. On Node 24.19 to 24.21 the GC freeing one outside a
// JavaScript call aborted the process (better-sqlite3 12's objects derive from node::ObjectWrap, whose destructor
// then met `node::RemoveEnvironmentCleanupHook: Assertion failed: (env) != nullptr`, nodejs/node#65446): jest's
// workers died of it. This runs that churn on the Node running the tests, in a process of its own.
const CHURN = `
const Database = require(process.argv[1]);
const db = new Database(':memory:');
db.exec('CREATE TABLE t (x)');
for (let i = 0; i < 200000; i++) db.prepare('SELECT ' + (i % 1000) + ' FROM t').all();
setTimeout(() => console.log('ended'), 1000);
`;

describe('better-sqlite3 on this Node', () => {
  it('survives the GC freeing statements, idle time and the end of the process', async () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const ended = await promisify(execFile)(process.execPath, ['-e', CHURN, driver]).catch((error: unknown) => error);
    expect(ended).toEqual({ stdout: 'ended\n', stderr: '' });
  });
});
