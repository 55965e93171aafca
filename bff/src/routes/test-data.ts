import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { testDataEnabled } from '../config.js';
import type { BffContext } from '../context.js';
import { doneSchema, testDataSchema } from '../contract/index.js';
import { handle } from '../http/handle.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireAdmin, sessionOf } from '../http/session-guard.js';
import { SAMPLE_JPEG } from '../moderation/sample-photo.js';

const TEST_USERS = 3;
const TEST_POSTS = 3;

/**
 * The console's test-data buttons and its quick-login, for trying the console out: they exist only when asked for
 * (ENABLE_TEST_DATA=1) outside production; otherwise they answer 404, as any unknown path does.
 */
export function testDataRoutes(context: BffContext): Router {
  const { config, identity, content, sessions, limits, say } = context;
  const router = Router();
  if (!testDataEnabled(config)) return router;
  const adminOnly = requireAdmin(sessions);
  const adminLimit = writeLimit(limits, 'admin');

  // Members waiting for verification, with a sample photo: the 'Utenti in Attesa' tab fills up.
  router.post(
    '/api/admin/create-test-users',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const batch = randomBytes(3).toString('hex');
      for (let n = 1; n <= TEST_USERS; n++) {
        const password = randomBytes(12).toString('base64url');
        await identity.Register({
          username: `test_${batch}_${n}`,
          email: `test-${batch}-${n}@tip.test`,
          password,
          confirmPassword: password,
          gender: n % 2 ? 'male' : 'female',
          orientation: 'etero',
          telegramUsername: '',
          age: 20 + n,
          region: 'Lazio',
          city: 'Roma',
          verificationPhoto: { content: SAMPLE_JPEG, fileName: 'test.jpg' },
        });
      }
      respond(res.status(201), testDataSchema, {
        success: true,
        message: say(req, 'moderation.testUsersCreated', { count: TEST_USERS }),
        created: TEST_USERS,
      });
    }),
  );

  // Posts by the admin: with POST_APPROVAL=moderated they wait in 'Post in Attesa' like anyone's.
  router.post(
    '/api/admin/create-test-posts',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      const viewerId = sessionOf(res).user.id;
      for (let n = 1; n <= TEST_POSTS; n++) {
        await content.CreatePost({
          viewerId,
          content: `Post di test ${n} (${new Date().toLocaleString('it-IT')})`,
          category: 'trending',
          isPremium: false,
          creditCost: 1,
          showProfileData: false,
          showTelegramUsername: false,
          media: null,
        });
      }
      respond(res.status(201), testDataSchema, {
        success: true,
        message: say(req, 'moderation.testPostsCreated', { count: TEST_POSTS }),
        created: TEST_POSTS,
      });
    }),
  );

  // A fresh admin session for the admin already signed in (the console's 'quick-login'; the page reloads after).
  router.post(
    '/api/admin/quick-login',
    adminOnly,
    adminLimit,
    handle(async (req, res) => {
      res.append('Set-Cookie', await sessions.start(sessionOf(res).user, req));
      respond(res, doneSchema, { success: true, message: say(req, 'moderation.quickLogin') });
    }),
  );

  return router;
}
