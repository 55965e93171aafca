/**
 * jest's node environment for the browser tests, which also tells the harness whether the test that just ran failed
 * (jest's own hooks cannot know): after a failed test, harness.ts prints what each of its pages showed, so that a
 * browser test that fails in CI says where the app was, not only which wait ran out.
 */
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

/** The global the harness reads in its afterEach. */
export const TEST_FAILED = '__tipBrowserTestFailed';

export default class BrowserTestEnvironment extends TestEnvironment {
  handleTestEvent(event: Circus.Event): void {
    if (event.name === 'test_start') this.global[TEST_FAILED] = false;
    else if (event.name === 'test_fn_failure') this.global[TEST_FAILED] = true;
  }
}
