/** Stops the Chromium shared-browser.ts started, once every browser test is done. */
export default async function stopSharedBrowser(): Promise<void> {
  await globalThis.sharedBrowser?.close();
}
