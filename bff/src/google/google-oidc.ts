import * as oidc from 'openid-client';
import { z } from 'zod';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** What the browser must bring back to the callback: the PKCE verifier and the values the response must match. */
export interface AuthorizationChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** The ID token's claims that identity needs. */
const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().default(''),
  email_verified: z.boolean().default(false),
  given_name: z.string().default(''),
  family_name: z.string().default(''),
  picture: z.string().default(''),
});
export type GoogleClaims = z.infer<typeof claimsSchema>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Google sign-in through OpenID Connect (authorization code with PKCE, state and nonce). The provider's metadata
 * is discovered on first use, and again after a failed attempt, so a network hiccup at start-up costs nothing.
 */
export class GoogleOidc {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly settings: GoogleSettings) {}

  async authorizationUrl(redirectUri: string): Promise<{ url: URL; checks: AuthorizationChecks }> {
    const configuration = await this.discover();
    const checks = {
      codeVerifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url, checks };
  }

  /** Exchanges the code the provider sent to `callbackUrl` and returns the verified ID token's claims. */
  async exchange(callbackUrl: URL, checks: AuthorizationChecks): Promise<GoogleClaims> {
    const tokens = await oidc.authorizationCodeGrant(await this.discover(), callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    return claimsSchema.parse(tokens.claims());
  }

  private discover(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      // Plain HTTP only for a provider on this machine (a local test provider); Google itself is HTTPS.
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      this.configuration = oidc
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }
}
