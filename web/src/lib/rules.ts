/**
 * The services' rules the browser runs itself, so that a form says what is wrong before it is sent, in the same words
 * the server would use, and shows the same limits and prices the server applies. The one place the web app imports a
 * service's domain module (`npx eslint web` refuses @tip/<service>/domain anywhere else): each rule here is one the
 * server checks again, never one only the browser holds. Unused ones cost nothing (the domain modules are pure, and
 * the build drops what a chunk does not use: web/vite.config.ts).
 */

// identity: registration (with its e-mail step), sign-in and its second step, a forgotten password, profile forms,
// photos, blocks, premium grants, a passkey's name.
export {
  AGE_MAX,
  AGE_MIN,
  BLOCK_REASONS,
  blockSchema,
  emailChangeSchema,
  emailCodeFormSchema,
  GENDERS,
  googleProfileSetupSchema,
  IMAGE_ACCEPT,
  isAllowedImageType,
  loginSchema,
  newPasswordFormSchema,
  ORIENTATIONS,
  passkeyFormSchema,
  passwordChangeFormSchema,
  passwordForgotSchema,
  PHOTO_INVALID_KEY,
  PREMIUM_GRANT_MONTHS,
  profileUpdateSchema,
  registrationSchema,
  secondStepSchema,
  totpConfirmSchema,
  UPLOAD_RULES,
} from '@tip/identity/domain';
export type {
  BlockReason,
  Gender,
  Orientation,
  PremiumSource,
  UploadRule,
  VerificationStatus,
} from '@tip/identity/domain';

// content: the composer (categories, media, premium cost) and the feed's categories.
export {
  CATEGORIES,
  composerCategoryFor,
  composerProblem,
  IMAGE_TYPES,
  MEDIA_MAX_BYTES,
  mediaKindOf,
  mediaSizeBound,
  postFormSchema,
  PREMIUM_COST_MAX,
  PREMIUM_COST_MIN,
  VIDEO_MAX_SECONDS,
  VIDEO_TYPES,
} from '@tip/content/domain';
export type { Category, Writer } from '@tip/content/domain';

// messaging: what a message costs and its longest text.
export { MESSAGE_COST, MESSAGE_MAX_CHARACTERS } from '@tip/messaging/domain';

// wallet: an admin's credit adjustment and the demo card's outcomes.
export { adminAdjustmentSchema, cardRefusalKey, demoCardOutcome } from '@tip/wallet/domain';

// moderation: feedback and report forms.
export {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_MAX_CHARACTERS,
  FEEDBACK_TYPES,
  REPORT_DESCRIPTION_MAX,
  REPORT_REASONS,
} from '@tip/moderation/domain';
export type { FeedbackType, ReportReason } from '@tip/moderation/domain';

// notifications: the settings' groups and an entry's sentence and link.
export { NOTIFICATION_GROUPS, notificationLink, notificationText } from '@tip/notifications/domain';
export type { NotificationFacts, NotificationGroup } from '@tip/notifications/domain';
