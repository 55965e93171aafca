import { z } from 'zod';

/** The member's second factors as the security page lists them: never a secret, a key or a code. */
export const secondFactorsSchema = z.strictObject({
  totp: z.boolean(),
  passkeys: z.array(
    z.strictObject({ id: z.string(), name: z.string(), addedAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactors = z.infer<typeof secondFactorsSchema>;

/**
 * POST /api/auth/login for a member with a second factor: the password was right, and the sign-in waits for the
 * second step (within 5 minutes). `methods` says which this member can give; `passkeyOptions`, when they have a
 * passkey, are the WebAuthn options for signing in with it (as /api/auth/second-step/passkey/options gives them), so
 * that the device can sign at once.
 */
export const secondStepNeededSchema = z.strictObject({
  success: z.literal(true),
  secondStep: z.literal(true),
  message: z.string(),
  methods: z.strictObject({ totp: z.boolean(), passkey: z.boolean(), recoveryCode: z.boolean() }),
  passkeyOptions: z.record(z.string(), z.unknown()).nullable(),
});
export type SecondStepNeeded = z.infer<typeof secondStepNeededSchema>;

/** An authenticator app's set-up: the secret to type, and the same as a QR code (an SVG document). */
export const totpSetupSchema = z.strictObject({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** A factor added: the factors now, and the recovery codes when it was the first (shown once, else empty). */
export const secondFactorAddedSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  factors: secondFactorsSchema,
  recoveryCodes: z.array(z.string()),
});
export type SecondFactorAdded = z.infer<typeof secondFactorAddedSchema>;

/** WebAuthn options for @simplewebauthn/browser (registration or sign-in), as the server made them. */
export const passkeyOptionsSchema = z.strictObject({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** New recovery codes, shown once. */
export const recoveryCodesSchema = z.strictObject({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
