/**
 * `npm run bench`: Redis stopped under load (issue 16's fault target: no request waits more than a second, and
 * recovery without a restart). The platform runs with REDIS_URL at a redis-server of the bench's own; a member's
 * page loads (GET /api/auth/user, the feed) and likes run from here while Redis is stopped a second into the load
 * and started again four seconds later. Prints, for the whole run: requests, errors, non-2xx answers, p99 and the
 * slowest answer, and how long after Redis returned the platform said it was ready again.
 */
import autocannon from 'autocannon';
import sharp from 'sharp';
import { ownRedisServer } from '@tip/platform/engines';
import { startBuiltPlatform } from '../testing/built-platform.js';
import { approvedMember, call, json, signIn } from './members.js';
import { reportTarget, under } from '@tip/platform/bench';

const LOAD_S = 10;
const STOP_AFTER_MS = 1000;
const DOWN_MS = 4000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readiness(base: string): Promise<string> {
  return ((await (await fetch(`${base}/api/ready`)).json()) as { status: string }).status;
}

async function main() {
  const redisServer = ownRedisServer();
  if ('skip' in redisServer) {
    process.stdout.write(`Redis stopped under load: skipped, ${redisServer.skip}\n`);
    return;
  }
  let redis = await redisServer.start();
  const redisPort = Number(new URL(redis.url).port);
  const platform = await startBuiltPlatform('faults-bench', {
    REDIS_URL: redis.url,
    POST_APPROVAL: 'immediate',
    LIKES_LIMIT_PER_MEMBER: '1000000',
    LIKES_LIMIT_PER_ADDRESS: '1000000',
  });
  try {
    const { base } = platform;
    const admin = await signIn(base, platform.admin);
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2c3e50' } })
      .jpeg()
      .toBuffer();
    const member = await approvedMember(base, admin, 'faults_bench', photo);
    const form = new FormData();
    form.set('category', 'trending');
    form.set('content', 'Un post da mettere alla prova');
    const posted = (await (
      await call(base, '/api/posts', { method: 'POST', body: form, cookie: member.cookie })
    ).json()) as {
      item: { post: { id: string } };
    };
    const like = { method: 'POST' as const, path: `/api/posts/${posted.item.post.id}/like`, ...json({}) };

    const run = autocannon({
      url: base,
      connections: 20,
      duration: LOAD_S,
      headers: { cookie: member.cookie },
      requests: [{ path: '/api/auth/user' }, { path: '/api/feed' }, like],
    });
    await sleep(STOP_AFTER_MS);
    await redis.stop();
    await sleep(DOWN_MS);
    redis = await redisServer.start(redisPort);
    const back = performance.now();
    while ((await readiness(base)) !== 'ready') await sleep(20);
    const readyAfterMs = Math.round(performance.now() - back);
    const result = await run;
    process.stdout.write(
      `Redis stopped under load (${LOAD_S} s, 20 connections, Redis away ${DOWN_MS / 1000} s): ` +
        `${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx, ` +
        `p99 ${result.latency.p99} ms, slowest ${result.latency.max} ms; ready again ${readyAfterMs} ms after Redis returned\n`,
    );
    reportTarget('faults', under('slowest request while Redis was away', result.latency.max, 1000, 'ms'));
  } finally {
    await platform.stop();
    await redis.stop();
  }
}

await main();
