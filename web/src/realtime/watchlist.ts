/**
 * The members whose presence this tab shows (a thread header, a profile), counted per component that shows them:
 * the server is told the union (`watch_presence`), and a member leaves it when the last component showing them goes.
 */
export class Watchlist {
  private readonly counts = new Map<string, number>();

  /** Watches `userId`; the returned function stops (once). */
  add(userId: string): () => void {
    this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(userId) ?? 1) - 1;
      if (left > 0) this.counts.set(userId, left);
      else this.counts.delete(userId);
    };
  }

  ids(): string[] {
    return [...this.counts.keys()].sort();
  }
}
