/**
 * What a start-up opened, closed in reverse order (the last thing opened closes first, like `defer`). Every step runs
 * even when an earlier one fails, so one failed step never leaves a store unflushed; failures are reported together.
 */
export class StopStack {
  private readonly steps: (() => Promise<void> | void)[] = [];

  defer(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  /** Runs the deferred steps once; a second call finds nothing left to do. */
  async stopAll(): Promise<void> {
    const failures: unknown[] = [];
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${failures.length} steps failed while stopping`);
  }
}
