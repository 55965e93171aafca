import express, { type Express } from 'express';
import helmet from 'helmet';
import { DomainError } from '@tip/platform';
import type { BffContext } from './context.js';
import { staleFeedAfterWrites } from './content/feed-pages.js';
import { compressAnswers } from './http/compression.js';
import { errorResponder } from './http/errors.js';
import { requestLog } from './http/request-log.js';
import { sameSiteWritesOnly } from './http/same-site.js';
import { authRoutes } from './routes/auth.js';
import { accountMailRoutes } from './routes/account-mail.js';
import { secondFactorRoutes } from './routes/second-factor.js';
import { sessionRoutes } from './routes/sessions.js';
import { blockRoutes } from './routes/blocks.js';
import type { currentUserHandler } from './routes/current-user.js';
import { googleRoutes } from './routes/google.js';
import { healthRoutes } from './routes/health.js';
import { mediaRoutes } from './routes/media.js';
import { memberExportRoutes } from './routes/member-export.js';
import { userRoutes } from './routes/users.js';
import { paymentWebhookRoute, walletRoutes } from './routes/wallet.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { postRoutes } from './routes/posts.js';
import { messageRoutes } from './routes/messages.js';
import { notificationRoutes } from './routes/notifications.js';
import { adminQueueRoutes } from './routes/admin-queues.js';
import { reportRoutes } from './routes/reports.js';
import { feedbackRoutes } from './routes/feedback.js';
import { testDataRoutes } from './routes/test-data.js';
import { webApp } from './web-app/web-app.js';

const JSON_LIMIT = '100kb';

/**
 * The Express app, middleware in order of cost: health probes answer before anything else runs, then each request
 * gets its id and log line, security headers, compression of what it answers, the refusal of another site's writes,
 * a bounded JSON body, the API routes, the web app, and the one error handler. (GET /api/auth/user normally never
 * gets here: it takes the fast lane in front of Express.)
 */
export function createApp(context: BffContext, currentUser: ReturnType<typeof currentUserHandler>): Express {
  const { config, identity, say, logger } = context;
  const app = express();
  app.disable('x-powered-by');
  // API answers are per user and short-lived; the static files carry their own validators.
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);

  app.use(healthRoutes(identity, context.content, context.cache));
  app.use(requestLog(logger));
  app.use(securityHeaders(context.secureCookies));
  app.use(compressAnswers());
  app.use(sameSiteWritesOnly(context.publicUrl));
  app.use(
    '/api',
    staleFeedAfterWrites(context.feedPages, (cookies) => context.sessions.signedInAs(cookies)),
  );
  app.use(paymentWebhookRoute(context));
  app.use(express.json({ limit: JSON_LIMIT }));

  app.use(authRoutes(context, currentUser));
  app.use(accountMailRoutes(context));
  app.use(secondFactorRoutes(context));
  app.use(sessionRoutes(context));
  app.use(googleRoutes(context));
  app.use(userRoutes(context));
  app.use(memberExportRoutes(context));
  app.use(blockRoutes(context));
  app.use(walletRoutes(context));
  app.use(adminUserRoutes(context));
  app.use(postRoutes(context));
  app.use(messageRoutes(context));
  app.use(notificationRoutes(context));
  app.use(adminQueueRoutes(context));
  app.use(reportRoutes(context));
  app.use(feedbackRoutes(context));
  app.use(testDataRoutes(context));
  app.use(mediaRoutes(context));
  app.use('/api', (_req, _res, next) => next(new DomainError('NOT_FOUND', 'errors.notFound')));

  const web = webApp(config.WEB_DIST);
  if (web) app.use(web);
  else logger.info({ webDist: config.WEB_DIST }, 'no web build found; serving the API only');

  app.use((_req, _res, next) => next(new DomainError('NOT_FOUND', 'errors.notFound')));
  app.use(errorResponder(say, logger));
  return app;
}

/**
 * Helmet's defaults with a CSP the built app runs under: its own scripts only, inline styles (Radix positions
 * popovers with them), images from itself and from data:/blob: URLs (photo previews), and its own origin for
 * fetch and the socket. HTTPS-only headers only when we are served over HTTPS.
 */
function securityHeaders(https: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });
}
