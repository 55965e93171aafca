import { fileURLToPath } from 'node:url';
import { spawnNode } from './processes.js';
import { scaled } from './time-scale.js';
import { sleep } from './wait.js';

/** A real OpenID Connect provider (oidc-provider) standing in for Google, for the BFF's and the browser tests. */
export interface TestOidcProvider {
  /** http://127.0.0.1:<port>: GOOGLE_ISSUER for the platform under test. */
  issuer: string;
  stop(): Promise<void>;
}

/**
 * The provider's script stays a plain .mjs next to this file's source (oidc-provider ships no types). The path goes
 * through the package's `src`, so it resolves from the source (jest) and from the build (`dist/testing`) alike.
 */
const SCRIPT = fileURLToPath(new URL('../../src/testing/oidc-provider.mjs', import.meta.url));
const READY_TIMEOUT_MS = 15_000;
/** The one JSON line the script prints once it listens; oidc-provider's own notices are plain text. */
const READY_LINE = /^\{"issuer":"([^"]+)"\}$/m;

/**
 * Runs oidc-provider.mjs in a child process for one client and waits for its issuer URL. Its dev interactions are
 * its login and consent pages: any password works and the login name picks the Google account (see the script).
 */
export async function startOidcProvider(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<TestOidcProvider> {
  const running = spawnNode(
    SCRIPT,
    { PATH: process.env.PATH },
    { args: [client.clientId, client.clientSecret, client.redirectUri] },
  );
  const readyTimeoutMs = scaled(READY_TIMEOUT_MS);
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    const issuer = READY_LINE.exec(running.output())?.[1];
    if (issuer) {
      const stop = async () => {
        await running.stop('SIGTERM', 5_000);
      };
      return { issuer, stop };
    }
    const code = running.child.exitCode;
    if (code !== null) throw new Error(`the OpenID provider exited with ${code}:\n${running.output()}`);
    if (Date.now() > deadline) {
      await running.stop('SIGKILL');
      throw new Error(`the OpenID provider was not ready within ${readyTimeoutMs} ms:\n${running.output()}`);
    }
    await sleep(20);
  }
}
