/**
 * negotiator 1.x, Express's content negotiation, as the BFF uses it. DefinitelyTyped's @types/negotiator still
 * describes 0.6, without 1.0's `preferred` order among encodings a client ranks equally.
 */
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The `available` languages the request accepts, the one it prefers first. */
    languages(available?: readonly string[]): string[];
    /** The `available` encodings the request accepts, preferred first; `preferred` orders those it ranks equally. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
  export = Negotiator;
}
