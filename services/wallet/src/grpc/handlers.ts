import { randomUUID } from 'node:crypto';
import { DomainError, parseInput, toRefusal, type CallContext, type ServiceHandlers } from '@tip/platform';
import { DEBITS_PER_CALL, type WalletDefinition } from '../contract/index.js';
import type { DebitRequest__Output } from '../generated/tip/wallet/v1/DebitRequest.js';
import { z } from 'zod';
import { balanceOf, balancesOf } from '../app/balance.js';
import { checkIntegrity } from '../app/check-integrity.js';
import type { CallInfo, WalletContext } from '../app/context.js';
import { exportMember } from '../app/export-member.js';
import { credit, creditSchema } from '../app/grant.js';
import { history } from '../app/history.js';
import { confirmPayment, createPayment, handleProviderWebhook, payWithDemoCard } from '../app/payments.js';
import { debit, debitSchema } from '../app/spend.js';
import { CREDIT_PACKAGES, CURRENCY, PREMIUM_PLANS } from '../domain/catalogue.js';
import { toProtoLedgerReply, toProtoEntry } from './to-proto.js';

const callInfo = (call: CallContext): CallInfo => ({ correlationId: call.requestId ?? randomUUID() });
const userId = z.string().min(1);
/** A page of the admin console's users is at most 100; 500 leaves room and bounds the work of one call. */
const userIdList = z.array(userId).max(500);
const optional = (value: string) => value || undefined;

/** Maps each RPC to its use case: proto in (validated), proto out; the use cases hold the rules. */
export function walletHandlers(context: WalletContext): ServiceHandlers<WalletDefinition> {
  /** One debit, as Debit and each of DebitMany's take it. */
  const debitOne = async (request: DebitRequest__Output, call: CallInfo) => {
    const input = parseInput(debitSchema, { ...request, actorId: optional(request.actorId) });
    return toProtoLedgerReply(await debit(context, input, call));
  };
  return {
    async Balance(request) {
      return balanceOf(context, parseInput(userId, request.userId));
    },
    async Balances(request) {
      return { balances: await balancesOf(context, parseInput(userIdList, request.userIds)) };
    },
    async Debit(request, call) {
      return debitOne(request, callInfo(call));
    },
    async DebitMany(request, call) {
      if (request.debits.length > DEBITS_PER_CALL) throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput');
      const outcomes = request.debits.map(async (one) => {
        try {
          const asked = one.requestId ? { correlationId: one.requestId } : callInfo(call);
          return { debited: await debitOne(one, asked) };
        } catch (error) {
          if (!(error instanceof DomainError))
            context.logger.error({ err: error, method: 'DebitMany' }, 'unexpected failure in a gRPC handler');
          return { refused: toRefusal(error) };
        }
      });
      return { outcomes: await Promise.all(outcomes) };
    },
    async Credit(request, call) {
      const input = parseInput(creditSchema, { ...request, actorId: optional(request.actorId) });
      return toProtoLedgerReply(await credit(context, input, callInfo(call)));
    },
    async History(request) {
      const page = await history(context, { ...request, userId: parseInput(userId, request.userId) });
      return { entries: page.entries.map(toProtoEntry), nextCursor: page.nextCursor };
    },
    async CheckIntegrity() {
      return checkIntegrity(context);
    },
    async Catalogue() {
      return {
        packages: [...CREDIT_PACKAGES],
        premiumPlans: [...PREMIUM_PLANS],
        currency: CURRENCY,
        provider: context.provider.name,
        publishableKey: context.provider.publishableKey,
      };
    },
    async CreatePayment(request) {
      return createPayment(context, { userId: parseInput(userId, request.userId), productId: request.productId });
    },
    async ConfirmPayment(request, call) {
      const input = { userId: parseInput(userId, request.userId), paymentId: request.paymentId };
      return confirmPayment(context, input, callInfo(call));
    },
    async PayWithDemoCard(request, call) {
      const card = { number: request.cardNumber, expiry: request.expiry, cvc: request.cvc };
      const input = { userId: parseInput(userId, request.userId), paymentId: request.paymentId, card };
      return { status: await payWithDemoCard(context, input, callInfo(call)) };
    },
    async HandleProviderWebhook(request, call) {
      await handleProviderWebhook(context, request, callInfo(call));
      return {};
    },
    async ExportMember(request) {
      return exportMember(context, parseInput(userId, request.userId));
    },
  };
}
