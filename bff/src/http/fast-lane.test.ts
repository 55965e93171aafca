import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, DomainError } from '@tip/platform';
import { loadCatalogues } from '../i18n/catalogues.js';
import { createTranslator, sayingTo } from '../i18n/translator.js';
import { fastLane } from './fast-lane.js';

/** What a fast lane that fails with `error` answers. */
async function answerOf(error: DomainError) {
  const say = sayingTo(createTranslator(loadCatalogues()));
  const lane = fastLane({ name: 'test lane', say, logger: createLogger('fast-lane-test', 'silent') }, () =>
    Promise.reject(error),
  );
  const server = createServer(lane).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  } finally {
    server.close();
  }
}

describe('a fast lane that fails', () => {
  it('says when to come back, as every route does: a service out of reach, a limit reached', async () => {
    expect(await answerOf(new DomainError('UNAVAILABLE', 'errors.unavailable'))).toMatchObject({
      status: 503,
      retryAfter: '5',
    });
    const limited = new DomainError('RESOURCE_EXHAUSTED', 'errors.rateLimited', { retryAfterSeconds: 7 });
    expect(await answerOf(limited)).toMatchObject({ status: 429, retryAfter: '7' });
    expect(await answerOf(new DomainError('NOT_FOUND', 'errors.notFound'))).toMatchObject({
      status: 404,
      retryAfter: null,
    });
  });
});
