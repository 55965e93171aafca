import { randomUUID } from 'node:crypto';
import express, { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, parseInput } from '@tip/platform';
import { adminAdjustmentSchema, packageByCredits, planByMonths, testerGrantSchema } from '@tip/wallet/domain';
import type { BffContext } from '../context.js';
import {
  catalogueSchema,
  creditsResultSchema,
  demoPaymentSchema,
  paymentOutcomeSchema,
  paymentSessionSchema,
  transactionSchema,
} from '../contract/index.js';
import { handle } from '../http/handle.js';
import { idParam } from '../http/ids.js';
import { writeLimit } from '../http/rate-limits.js';
import { respond } from '../http/respond.js';
import { requireAdmin, requireSession, sessionOf } from '../http/session-guard.js';
import { transactionJson } from '../wallet/transaction-view.js';

const paymentIdSchema = z.string().min(1).max(200);
/** The checkout sends the price it shows too; only the package (by its credits) is read. */
const creditsPaymentSchema = z.object({ credits: z.number().int(), amount: z.unknown().optional() });
const premiumPaymentSchema = z.object({ duration: z.number().int().default(1) });
const confirmSchema = z.object({ paymentIntentId: paymentIdSchema });
const demoCardSchema = z.object({
  paymentIntentId: paymentIdSchema,
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  cursor: z.string().max(20).default(''),
});
/** Stripe signs the exact bytes it sent; the webhook reads them raw, before any JSON parser. */
const WEBHOOK_PATH = '/api/stripe/webhook';
const IDEMPOTENCY_KEY = z.string().min(1).max(200);

/** A retried grant with the same Idempotency-Key header writes nothing new; without one, each request is its own. */
function idempotencyKeyOf(req: Request, scope: string): string {
  const sent = req.headers['idempotency-key'];
  const key = typeof sent === 'string' ? parseInput(IDEMPOTENCY_KEY, sent) : randomUUID();
  return `${scope}:${key}`;
}

/** Stripe's signed webhook: mounted ahead of the JSON parser, so it must not be inside the main router. */
export function paymentWebhookRoute(context: BffContext): Router {
  const router = Router();
  router.post(
    WEBHOOK_PATH,
    express.raw({ type: '*/*', limit: '1mb' }),
    handle(async (req, res) => {
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
        throw new DomainError('UNAUTHENTICATED', 'wallet.webhookInvalid');
      }
      await context.wallet.HandleProviderWebhook({ payload: req.body, signature });
      res.json({ received: true });
    }),
  );
  return router;
}

/** Credits and premium: the catalogue, payments, the member's transactions, tester and admin credits. */
export function walletRoutes(context: BffContext): Router {
  const { wallet, identity, sessions, users, balances, limits, say } = context;
  const router = Router();
  const signedIn = requireSession(sessions);
  const adminOnly = requireAdmin(sessions);
  const paymentLimit = writeLimit(limits, 'payments');

  router.get(
    '/api/wallet/catalogue',
    handle(async (_req, res) => {
      respond(res, catalogueSchema, catalogueSchema.parse(await wallet.Catalogue({})));
    }),
  );

  const startPayment = (productIdOf: (body: unknown) => string) =>
    handle(async (req, res) => {
      const productId = productIdOf(req.body);
      const session = await wallet.CreatePayment({ userId: sessionOf(res).user.id, productId });
      respond(res, paymentSessionSchema, {
        clientSecret: session.clientSecret,
        paymentIntentId: session.paymentId,
        amountCents: session.amountCents,
        currency: session.currency,
        productId: session.productId,
      });
    });
  const unknownPackage = () => new DomainError('INVALID_ARGUMENT', 'wallet.unknownPackage');
  router.post(
    '/api/create-payment-intent',
    signedIn,
    paymentLimit,
    startPayment((body) => {
      const { credits } = parseInput(creditsPaymentSchema, body);
      const item = packageByCredits(credits);
      if (!item) throw unknownPackage();
      return item.id;
    }),
  );
  // Content shows admins every premium post whole and never charges them, so premium would sell an admin nothing.
  const notToAdmins: RequestHandler = (_req, res, next) =>
    next(sessionOf(res).user.isAdmin ? new DomainError('PERMISSION_DENIED', 'wallet.adminNoPremium') : undefined);
  router.post(
    '/api/create-premium-subscription',
    signedIn,
    paymentLimit,
    notToAdmins,
    startPayment((body) => {
      const item = planByMonths(parseInput(premiumPaymentSchema, body ?? {}).duration);
      if (!item) throw unknownPackage();
      return item.id;
    }),
  );

  router.post(
    '/api/demo-payments/confirm',
    signedIn,
    paymentLimit,
    handle(async (req, res) => {
      const { paymentIntentId, ...card } = parseInput(demoCardSchema, req.body);
      const reply = await wallet.PayWithDemoCard({
        userId: sessionOf(res).user.id,
        paymentId: paymentIntentId,
        ...card,
      });
      respond(res, demoPaymentSchema, { status: demoPaymentSchema.shape.status.parse(reply.status) });
    }),
  );

  router.post(
    '/api/confirm-payment',
    signedIn,
    paymentLimit,
    handle(async (req, res) => {
      const { paymentIntentId } = parseInput(confirmSchema, req.body);
      const { user } = sessionOf(res);
      const outcome = await wallet.ConfirmPayment({ userId: user.id, paymentId: paymentIntentId });
      balances.answered(user.id, outcome.sequence, outcome.balance);
      // The wallet applied the purchase at identity: this replica's copy of the member is out of date (the others'
      // learn it from identity's event).
      if (outcome.premiumMonths > 0) users.invalidate(user.id);
      const message =
        outcome.premiumMonths > 0
          ? say(req, 'wallet.premiumActivated')
          : say(req, 'wallet.creditsPurchased', { credits: outcome.credits });
      const premiumExpiry = outcome.premiumExpiry || null;
      respond(res, paymentOutcomeSchema, {
        success: true,
        message,
        premiumExpiry,
        credits: outcome.balance,
        creditsAdded: outcome.credits,
      });
    }),
  );

  router.get(
    '/api/transactions',
    signedIn,
    handle(async (req, res) => {
      const { limit, cursor } = parseInput(historyQuerySchema, req.query);
      const page = await wallet.History({ userId: sessionOf(res).user.id, cursor, limit });
      if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
      respond(
        res,
        transactionSchema.array(),
        page.entries.map((entry) => transactionJson(entry, (key, params) => say(req, key, params))),
      );
    }),
  );

  router.post(
    '/api/users/add-free-credits',
    signedIn,
    paymentLimit,
    handle(async (req, res) => {
      const { user } = sessionOf(res);
      if (!user.isTester) throw new DomainError('PERMISSION_DENIED', 'wallet.testerOnly');
      const { amount } = parseInput(testerGrantSchema, req.body);
      const reply = await wallet.Credit({
        userId: user.id,
        amount,
        kind: 'tester_grant',
        reference: { type: 'grant', id: 'tester' },
        idempotencyKey: idempotencyKeyOf(req, 'tester'),
        actorId: user.id,
      });
      balances.answered(user.id, reply.entry?.sequence ?? 0, reply.balance);
      respond(res, creditsResultSchema, {
        credits: reply.balance,
        message: say(req, 'wallet.creditsAdded', { amount, credits: reply.balance }),
      });
    }),
  );

  router.post(
    '/api/admin/users/:id/add-credits',
    adminOnly,
    writeLimit(limits, 'admin'),
    handle(async (req, res) => {
      const userId = parseInput(idParam, req.params.id);
      const { amount } = parseInput(adminAdjustmentSchema, req.body);
      const admin = sessionOf(res).user;
      // The member must exist: credits are not parked on an id nobody holds.
      await identity.GetUser({ userId, viewerId: admin.id });
      const reply = await wallet.Credit({
        userId,
        amount,
        kind: 'admin_adjustment',
        reference: { type: 'admin', id: admin.id },
        idempotencyKey: idempotencyKeyOf(req, `admin:${admin.id}`),
        actorId: admin.id,
      });
      balances.answered(userId, reply.entry?.sequence ?? 0, reply.balance);
      respond(res, creditsResultSchema, {
        credits: reply.balance,
        message: say(req, 'wallet.creditsAdjusted', { credits: reply.balance }),
      });
    }),
  );

  return router;
}
