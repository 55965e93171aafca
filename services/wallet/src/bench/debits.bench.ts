/**
 * `npm run bench`, the wallet's part: debits per second through gRPC, as content and messaging call it (their debits
 * gathered into DebitMany calls, debit-batches.ts).
 * The wallet runs as its own process (dist/main.js, embedded engines in a scratch DATA_DIR); this process is the
 * callers: 50 at a time across 1,000 funded accounts, for 10 s. After the load it checks that no credit was spent
 * twice (every account's balance is its funding minus the debits that succeeded) and asks CheckIntegrity.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGrpcClient, generateServiceTokenSecret } from '@tip/platform';
import { debitsInBatches, walletDefinition } from '../contract/index.js';
// The process helpers alone: the testing kit's index also loads jest's globals.
import { freePort, spawnNode } from '@tip/platform/processes';
import { atLeast, atMost, reportTarget } from '@tip/platform/bench';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const CALLERS = 50;
const ACCOUNTS = 1_000;
const FUNDING = 10_000;
const DURATION_MS = 10_000;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-wallet-bench-'));
  const port = await freePort();
  // The bench calls as the BFF does: with a token signed by the secret the wallet checks.
  const serviceTokenSecret = generateServiceTokenSecret();
  const wallet = spawnNode(join(root, 'services/wallet/dist/main.js'), {
    ...process.env,
    DATA_DIR: dataDir,
    GRPC_PORT: String(port),
    SERVICE_TOKEN_SECRET: serviceTokenSecret,
    LOG_LEVEL: 'warn',
  });
  const connect = (caller: string) =>
    createGrpcClient(walletDefinition(), `127.0.0.1:${port}`, { caller, serviceTokenSecret, timeoutMs: 30_000 });
  const client = connect('bff');
  // Debits come from the services that sell something (content, for an unlock), gathered as they gather them.
  const seller = connect('content');
  const sell = debitsInBatches(seller);
  try {
    await waitForWallet(() => client.Balance({ userId: 'probe' }));
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => `bench-member-${i}`);
    for (let i = 0; i < accounts.length; i += CALLERS) {
      await Promise.all(
        accounts.slice(i, i + CALLERS).map((userId) =>
          client.Credit({
            userId,
            amount: FUNDING,
            kind: 'admin_adjustment',
            reference: { type: 'admin', id: 'bench' },
            idempotencyKey: `fund:${userId}`,
            actorId: 'bench-admin',
          }),
        ),
      );
    }

    const spent = new Map<string, number>();
    const latencies: number[] = [];
    let refused = 0;
    let next = 0;
    const deadline = Date.now() + DURATION_MS;
    const caller = async () => {
      while (Date.now() < deadline) {
        const n = next++;
        const userId = accounts[(n * 7919) % ACCOUNTS] as string;
        const started = process.hrtime.bigint();
        try {
          await sell.Debit({
            userId,
            amount: 1,
            reference: { type: 'post', id: `bench-${n}` },
            idempotencyKey: `unlock:bench-${n}`,
            actorId: userId,
          });
          spent.set(userId, (spent.get(userId) ?? 0) + 1);
        } catch {
          refused++;
        }
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    };
    const began = Date.now();
    await Promise.all(Array.from({ length: CALLERS }, caller));
    const seconds = (Date.now() - began) / 1000;

    let doubleSpends = 0;
    for (const userId of accounts) {
      const { balance } = await client.Balance({ userId });
      if (balance !== FUNDING - (spent.get(userId) ?? 0)) doubleSpends++;
    }
    const integrity = await client.CheckIntegrity({});
    latencies.sort((a, b) => a - b);
    const debits = [...spent.values()].reduce((sum, count) => sum + count, 0);
    const p = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1);
    console.log(`\nwallet: ${CALLERS} concurrent callers, ${ACCOUNTS} accounts, ${DURATION_MS / 1000} s of Debit`);
    console.log(`debits: ${debits}, refused: ${refused}; latency p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
    reportTarget('ledger', atLeast(`debits with ${CALLERS} callers`, debits / seconds, 5000, '/s'));
    reportTarget('ledger', atMost('accounts whose balance is not funding minus its debits', doubleSpends, 0, ''));
    console.log(
      `CheckIntegrity: ${integrity.ok ? 'ok' : 'BROKEN'}, ${integrity.accountsChecked} accounts, ${integrity.entriesChecked} entries, ${integrity.problems.length} problems`,
    );
  } finally {
    client.close();
    seller.close();
    await wallet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitForWallet(probe: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

await main();
