import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createGrpcClient,
  generateServiceTokenSecret,
  createLogger,
  SqliteEventLog,
  SqliteDocumentStore,
  WALLET_LEDGER_TOPIC,
  walletDefinition,
  type DeliveredEvent,
  type ServiceClient,
  type WalletDefinition,
} from '@tip/platform';
import type { StripeSettings } from '../config.js';
import { startWalletService, type RunningWalletService } from '../service.js';

/** The secret the services check their callers' tokens against, as the BFF would hold it (SERVICE_TOKEN_SECRET). */
const serviceTokenSecret = generateServiceTokenSecret();

/**
 * The wallet as the BFF sees it, for tests: the real service on 127.0.0.1:0 over the embedded adapters in a scratch
 * directory, a gRPC client, and what it published on `wallet.ledger`.
 */
export interface WalletHarness {
  client: ServiceClient<WalletDefinition>;
  service: RunningWalletService;
  dir: string;
  documents: SqliteDocumentStore;
  events: SqliteEventLog;
  published: DeliveredEvent[];
  stop(): Promise<void>;
}

export async function startWalletHarness(options: { stripe?: StripeSettings } = {}): Promise<WalletHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'tip-wallet-'));
  const documents = await SqliteDocumentStore.open(dir);
  const events = await SqliteEventLog.open(dir, { retryDelayMs: 10 });
  const published: DeliveredEvent[] = [];
  await events.subscribe({
    group: 'test-observer',
    topics: [WALLET_LEDGER_TOPIC],
    handle: async (event) => void published.push(event),
  });
  const service = await startWalletService({
    address: '127.0.0.1:0',
    serviceTokenSecret,
    documents,
    events,
    logger: createLogger('wallet-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
    ...(options.stripe ? { stripe: options.stripe } : {}),
  });
  const client = createGrpcClient(walletDefinition(), service.address, { serviceTokenSecret, timeoutMs: 20_000 });
  return {
    client,
    service,
    dir,
    documents,
    events,
    published,
    async stop() {
      client.close();
      await service.stop();
      await events.close();
      await documents.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let members = 0;
/** A fresh member id: the wallet knows members only by id. */
export const newMemberId = () => `member-${process.pid}-${++members}`;

/** Gives the member credits the way an admin would. */
export async function fund(harness: WalletHarness, userId: string, amount: number): Promise<void> {
  await harness.client.Credit({
    userId,
    amount,
    kind: 'admin_adjustment',
    reference: { type: 'admin', id: 'test-admin' },
    idempotencyKey: `fund:${userId}:${amount}:${Math.random()}`,
    actorId: 'test-admin',
  });
}
