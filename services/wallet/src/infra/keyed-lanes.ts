/**
 * Runs tasks one after another per key, and tasks of different keys side by side. The ledger queues an account's
 * writes here so that, inside one process, they take turns instead of racing for the same sequence number and
 * retrying; the store's unique index still decides between processes.
 */
export class KeyedLanes {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
