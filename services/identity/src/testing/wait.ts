/**
 * Polls until `check` holds, for effects that arrive asynchronously (relayed events, consumed decisions). The
 * platform has the same helper under its testing folder, which its package does not export.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'the condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
