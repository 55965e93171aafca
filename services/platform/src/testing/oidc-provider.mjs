// A real OpenID Connect provider (oidc-provider) standing in for Google in the BFF's and the browser tests. Run as a
// child process (startOidcProvider in start-oidc-provider.ts does):
//   node oidc-provider.mjs <client id> <client secret> <redirect uri>
// It listens on 127.0.0.1 at a free port and prints one JSON line, {"issuer": "..."}, once it is ready. Its dev
// interactions accept any login name and password: the login name becomes the account's subject and e-mail
// (`<login>@gmail.test`), which lets a test pick a new or a known Google account.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [clientId, clientSecret, redirectUri] = process.argv.slice(2);
if (!clientId || !clientSecret || !redirectUri) {
  console.error('usage: oidc-provider.mjs <client id> <client secret> <redirect uri>');
  process.exit(2);
}

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['given_name', 'family_name', 'picture'],
  },
  // Google puts the profile claims in the ID token, which is all the BFF reads.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      async claims() {
        return { sub, email: `${sub}@gmail.test`, email_verified: true, given_name: 'Test', family_name: sub };
      },
    };
  },
  cookies: { keys: ['test-cookie-key-0123456789'] },
});
// The dev interactions warn on every start; the tests know.
provider.on('server_error', (_ctx, error) => console.error(error));
server.on('request', provider.callback());

console.log(JSON.stringify({ issuer }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
