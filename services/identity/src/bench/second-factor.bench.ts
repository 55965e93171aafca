/**
 * What a second factor adds to a sign-in's server time (issue 26: under 5 ms at p99). Identity runs as its own
 * process (dist/main.js, embedded engines in a scratch DATA_DIR); this process is the BFF, calling it over gRPC as
 * the sign-in does: the password (Login, argon2id: the sign-in's own cost, for scale), then the second step, either
 * an authenticator app's code (VerifySecondStep) or a passkey (BeginPasskeySignIn + FinishPasskeySignIn, with a
 * software authenticator signing here, its time left out). One sign-in at a time, so each figure is one request's
 * time on an otherwise idle identity; measured here as gRPC round trips on loopback, an upper bound of the server's
 * time. Not in npm run bench's list: run it alone (node services/identity/dist/bench/second-factor.bench.js).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { createGrpcClient, generateServiceTokenSecret, type ServiceClient } from '@tip/platform';
import { reportTarget, under } from '@tip/platform/bench';
import { freePort, spawnNode } from '@tip/platform/processes';
import { identityDefinition, type IdentityDefinition } from '../contract/index.js';
import { SoftwareAuthenticator } from '../testing/software-authenticator.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const PUBLIC_URL = 'http://tip.bench';
const MEMBERS = 150;
const PASSWORD = 'bench-password-1';
/** What a second step may add to a sign-in, at p99. */
const TARGET_MS = 5;

const elapsedMs = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

async function timed<T>(samples: number[], call: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await call();
  samples.push(elapsedMs(started));
  return result;
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const summary = (samples: number[]) =>
  `p50 ${percentile(samples, 0.5).toFixed(2)} ms, p99 ${percentile(samples, 0.99).toFixed(2)} ms, max ${Math.max(...samples).toFixed(2)} ms (${samples.length})`;

async function waitForIdentity(identity: ServiceClient<IdentityDefinition>): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await identity.GetUser({ userId: 'probe', viewerId: '' });
      return;
    } catch (error) {
      if (error instanceof Error && /not found|userNotFound/i.test(error.message)) return;
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface BenchMember {
  id: string;
  email: string;
  secret: string;
  device: SoftwareAuthenticator;
}

/** A member with an authenticator app and a passkey (the app's code of the set-up spent). */
async function memberWithFactors(
  identity: ServiceClient<IdentityDefinition>,
  n: number,
  photo: Buffer,
): Promise<BenchMember> {
  const email = `bench${n}@example.it`;
  const user = await identity.Register({
    username: `bench${n}`,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    gender: 'female',
    orientation: 'etero',
    verificationPhoto: { content: photo, fileName: 'photo.jpg' },
    language: 'it',
  });
  const setup = await identity.BeginTotpSetup({ userId: user.id });
  await identity.ConfirmTotpSetup({
    userId: user.id,
    code: generateSync({ secret: setup.secret, epoch: Date.now() / 1000 }),
  });
  const device = new SoftwareAuthenticator(PUBLIC_URL);
  const options = await identity.BeginPasskeyRegistration({ userId: user.id });
  await identity.FinishPasskeyRegistration({
    userId: user.id,
    responseJson: device.register(options.optionsJson),
    name: 'bench',
  });
  return { id: user.id, email, secret: setup.secret, device };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tip-identity-bench-'));
  const port = await freePort();
  const serviceTokenSecret = generateServiceTokenSecret();
  const service = spawnNode(join(root, 'services/identity/dist/main.js'), {
    ...process.env,
    DATA_DIR: dataDir,
    GRPC_PORT: String(port),
    SERVICE_TOKEN_SECRET: serviceTokenSecret,
    PUBLIC_URL,
    LOG_LEVEL: 'warn',
  });
  const identity = createGrpcClient(identityDefinition(), `127.0.0.1:${port}`, {
    caller: 'bff',
    serviceTokenSecret,
    timeoutMs: 30_000,
  });
  try {
    await waitForIdentity(identity);
    const photo = await sharp({ create: { width: 96, height: 128, channels: 3, background: '#b048a0' } })
      .jpeg()
      .toBuffer();
    const members: BenchMember[] = [];
    for (let n = 0; n < MEMBERS; n += 1) members.push(await memberWithFactors(identity, n, photo));

    const plainRead: number[] = [];
    const passwordStep: number[] = [];
    const totpStep: number[] = [];
    const passkeyStep: number[] = [];
    const passkeyAlone: number[] = [];
    for (const member of members) {
      await timed(plainRead, () => identity.GetUser({ userId: member.id, viewerId: member.id }));
      await timed(passwordStep, () => identity.Login({ email: member.email, password: PASSWORD }));
      // The set-up spent this period's code: the app's next one, as a member signing in a little later types it.
      const code = generateSync({ secret: member.secret, epoch: Date.now() / 1000 + 30 });
      await timed(totpStep, () => identity.VerifySecondStep({ userId: member.id, code }));

      const signedIn: number[] = [];
      const options = await timed(signedIn, () => identity.BeginPasskeySignIn({ userId: member.id }));
      const answer = member.device.signIn(options.optionsJson);
      await timed(signedIn, () => identity.FinishPasskeySignIn({ userId: member.id, responseJson: answer }));
      passkeyStep.push((signedIn[0] ?? 0) + (signedIn[1] ?? 0));

      const alone: number[] = [];
      const anyOptions = await timed(alone, () => identity.BeginPasskeySignIn({ userId: '' }));
      const anyAnswer = member.device.signIn(anyOptions.optionsJson);
      await timed(alone, () => identity.FinishPasskeySignIn({ userId: '', responseJson: anyAnswer }));
      passkeyAlone.push((alone[0] ?? 0) + (alone[1] ?? 0));
    }

    console.log(`\nidentity: ${MEMBERS} sign-ins one at a time, each step a gRPC call on loopback`);
    console.log(`a plain read (GetUser), the floor: ${summary(plainRead)}`);
    console.log(`password (Login, argon2id):       ${summary(passwordStep)}`);
    console.log(`+ app code (VerifySecondStep):    ${summary(totpStep)}`);
    console.log(`+ passkey (options + answer):     ${summary(passkeyStep)}`);
    console.log(`passkey alone (options + answer): ${summary(passkeyAlone)}`);
    reportTarget(
      'second factor',
      under('an app code added to a sign-in, p99', percentile(totpStep, 0.99), TARGET_MS, 'ms'),
    );
    reportTarget(
      'second factor',
      under('a passkey added to a sign-in, p99', percentile(passkeyStep, 0.99), TARGET_MS, 'ms'),
    );
  } finally {
    identity.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
