import { DomainError, parseInput, type CallContext, type ServiceHandlers } from '@tip/platform';
import type { IdentityDefinition } from '../contract/index.js';
import { randomUUID } from 'node:crypto';
import { blockedBetween, blockUser, listBlocked, unblockUser, type BlockedUserRecord } from '../app/blocks.js';
import type { CallInfo, IdentityContext } from '../app/context.js';
import { deleteAccount } from '../app/delete-account.js';
import { exportMember } from '../app/export-member.js';
import { getPhoto } from '../app/get-photo.js';
import { getUser } from '../app/get-user.js';
import { googleSignIn, setupGoogleProfile } from '../app/google.js';
import { login } from '../app/login.js';
import { setOnlineStatus } from '../app/online-status.js';
import { setProfileImage } from '../app/profile-image.js';
import { register } from '../app/register.js';
import { applyPremiumPurchase, grantPremium, revokePremium } from '../app/premium.js';
import { setTester } from '../app/tester.js';
import { cancelEmailChange, requestEmailChange } from '../app/email-change.js';
import { confirmEmail, resendEmailConfirmation } from '../app/email-confirmation.js';
import { requestPasswordReset, resetPassword } from '../app/password-reset.js';
import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeyRegistration,
  finishPasskeySignIn,
  removePasskey,
} from '../app/passkeys.js';
import { factorsView, newRecoveryCodes, type SecondFactorsView } from '../app/second-factors.js';
import { beginSecondStep, verifySecondStep } from '../app/second-step.js';
import { beginTotpSetup, confirmTotpSetup, removeTotp } from '../app/totp.js';
import type { UserDocument } from '../infra/user-document.js';
import { ownView } from '../app/viewer.js';
import { mailLanguage } from '../app/queue-mail.js';
import { updateProfile } from '../app/update-profile.js';
import { getUsers, listUsers } from '../app/user-directory.js';
import { resubmitVerification } from '../app/verification.js';
import { blockSchema, premiumGrantSchema, userDirectoryQuerySchema } from '../domain/index.js';
import { sessionHandlers } from './session-handlers.js';
import { toProtoUser } from './to-proto.js';

const callInfo = (call: CallContext): CallInfo => ({ correlationId: call.requestId ?? randomUUID() });
const content = (upload: { content: Buffer } | null) => upload?.content ?? Buffer.alloc(0);
/** proto3 sends absent fields as '' or 0: drop them, so the schema's defaults apply. */
const withoutEmpty = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '' && value !== 0));
const protoFactors = (factors: SecondFactorsView) => ({
  ...factors,
  passkeys: factors.passkeys.map((passkey) => ({ ...passkey, lastUsedAt: passkey.lastUsedAt ?? '' })),
});
const factorAdded = ({ user, recoveryCodes }: { user: UserDocument; recoveryCodes: string[] }) => ({
  user: toProtoUser(ownView(user)),
  recoveryCodes,
  factors: protoFactors(factorsView(user)),
});
const protoRecord = (record: BlockedUserRecord) => ({
  ...record,
  blockedUser: {
    username: record.blockedUser.username ?? '',
    profileImageUrl: record.blockedUser.profileImageUrl ?? '',
  },
});

/** Maps each RPC to its use case: proto in, proto out; the use cases hold the rules. */
export function identityHandlers(context: IdentityContext): ServiceHandlers<IdentityDefinition> {
  return {
    ...sessionHandlers(context),
    async Register(request, call) {
      const { verificationPhoto, language, ...form } = request;
      const user = await register(
        context,
        { form, verificationPhoto: content(verificationPhoto), language: mailLanguage(language) },
        callInfo(call),
      );
      return toProtoUser(user);
    },
    async Login(request) {
      return toProtoUser(await login(context, request));
    },
    async GetUser(request) {
      return toProtoUser(await getUser(context, request.userId, request.viewerId));
    },
    async UpdateProfile(request, call) {
      const { userId, ...form } = request;
      return toProtoUser(await updateProfile(context, userId, form, callInfo(call)));
    },
    async SetProfileImage(request, call) {
      return toProtoUser(await setProfileImage(context, request.userId, content(request.image), callInfo(call)));
    },
    async ResubmitVerification(request, call) {
      return toProtoUser(await resubmitVerification(context, request.userId, content(request.image), callInfo(call)));
    },
    async DeleteAccount(request, call) {
      await deleteAccount(context, request.userId, callInfo(call));
      return {};
    },
    async DeleteUser(request, call) {
      const admin = await context.users.findById(request.adminId);
      if (!admin?.isAdmin) throw new DomainError('PERMISSION_DENIED', 'errors.adminOnly');
      await deleteAccount(context, request.userId, callInfo(call), admin._id);
      return {};
    },
    async ListUsers(request) {
      const { viewerId, ...query } = request;
      const page = await listUsers(context, viewerId, parseInput(userDirectoryQuerySchema, withoutEmpty(query)));
      return { users: page.users.map(toProtoUser), total: page.total };
    },
    async GetTelegram(request) {
      const user = await context.users.get(request.userId);
      return { telegramUsername: user.telegramUsername ?? '' };
    },
    async GetUsers(request) {
      return { users: (await getUsers(context, request.userIds, request.viewerId)).map(toProtoUser) };
    },
    async SetOnlineStatus(request) {
      return setOnlineStatus(context, request.userId, request.isOnline);
    },
    async GetPhoto(request) {
      if (request.kind !== 'profile' && request.kind !== 'verification') {
        throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'kind' });
      }
      const photo = await getPhoto(context, {
        ownerId: request.ownerId,
        kind: request.kind,
        viewerId: request.viewerId,
      });
      return { content: photo.body, contentType: photo.contentType };
    },
    async GoogleSignIn(request, call) {
      const user = await googleSignIn(
        context,
        {
          subject: request.subject,
          email: request.email,
          emailVerified: request.emailVerified,
          givenName: request.givenName,
          familyName: request.familyName,
          intent: request.intent as 'login' | 'register',
        },
        callInfo(call),
      );
      return { user: toProtoUser(user) };
    },
    async SetupGoogleProfile(request, call) {
      const { userId, verificationPhoto, ...form } = request;
      return toProtoUser(await setupGoogleProfile(context, userId, form, content(verificationPhoto), callInfo(call)));
    },
    async GrantPremium(request, call) {
      const { months } = parseInput(premiumGrantSchema, { months: request.months });
      const input = { userId: request.userId, months, adminId: request.adminId };
      return toProtoUser(await grantPremium(context, input, callInfo(call)));
    },
    async RevokePremium(request, call) {
      return toProtoUser(await revokePremium(context, request, callInfo(call)));
    },
    async SetTester(request, call) {
      return toProtoUser(await setTester(context, request, callInfo(call)));
    },
    async ApplyPremiumPurchase(request, call) {
      const input = { userId: request.userId, paymentId: request.paymentId, months: request.months };
      if (!input.paymentId || input.months < 1) {
        throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'paymentId' });
      }
      return toProtoUser(await applyPremiumPurchase(context, input, callInfo(call)));
    },
    async BlockUser(request, call) {
      const { reason } = parseInput(blockSchema, { reason: request.reason });
      const input = { blockerId: request.blockerId, blockedId: request.blockedId, reason };
      return protoRecord(await blockUser(context, input, callInfo(call)));
    },
    async UnblockUser(request, call) {
      await unblockUser(context, request, callInfo(call));
      return {};
    },
    async ListBlocked(request) {
      return { blocked: (await listBlocked(context, request.userId)).map(protoRecord) };
    },
    async BlockedBetween(request) {
      return blockedBetween(context, request.userId);
    },
    ExportMember: (request) => exportMember(context, request.userId),
    async ConfirmEmail(request, call) {
      return toProtoUser(await confirmEmail(context, request, callInfo(call)));
    },
    async ResendEmailConfirmation(request) {
      await resendEmailConfirmation(context, { userId: request.userId, language: mailLanguage(request.language) });
      return {};
    },
    async RequestEmailChange(request, call) {
      const language = mailLanguage(request.language);
      return toProtoUser(await requestEmailChange(context, { ...request, language }, callInfo(call)));
    },
    async CancelEmailChange(request, call) {
      return toProtoUser(await cancelEmailChange(context, request.userId, callInfo(call)));
    },
    async RequestPasswordReset(request) {
      await requestPasswordReset(context, { email: request.email, language: mailLanguage(request.language) });
      return {};
    },
    async ResetPassword(request, call) {
      return toProtoUser(await resetPassword(context, request, callInfo(call)));
    },
    async GetSecondFactors(request) {
      return protoFactors(factorsView(await context.users.get(request.userId)));
    },
    BeginTotpSetup: (request) => beginTotpSetup(context, request.userId),
    async ConfirmTotpSetup(request, call) {
      return factorAdded(await confirmTotpSetup(context, request, callInfo(call)));
    },
    async RemoveTotp(request, call) {
      return protoFactors(factorsView(await removeTotp(context, request.userId, callInfo(call))));
    },
    async BeginPasskeyRegistration(request) {
      return { optionsJson: await beginPasskeyRegistration(context, request.userId) };
    },
    async FinishPasskeyRegistration(request, call) {
      return factorAdded(await finishPasskeyRegistration(context, request, callInfo(call)));
    },
    async RemovePasskey(request, call) {
      return protoFactors(factorsView(await removePasskey(context, request, callInfo(call))));
    },
    async NewRecoveryCodes(request) {
      return { codes: await newRecoveryCodes(context, request.userId) };
    },
    async VerifySecondStep(request) {
      return toProtoUser(await verifySecondStep(context, request));
    },
    async BeginPasskeySignIn(request) {
      return { optionsJson: await beginPasskeySignIn(context, request.userId) };
    },
    BeginSecondStep: (request) => beginSecondStep(context, request.userId),
    async FinishPasskeySignIn(request) {
      return toProtoUser(await finishPasskeySignIn(context, request));
    },
  };
}
