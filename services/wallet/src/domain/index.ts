/**
 * The wallet's rules that the BFF and the web app share (amount bounds, the catalogue, the demo cards). Pure: zod
 * and plain functions, no Node module, so that the browser bundle can import it. The ledger's own rules
 * (ledger.ts) stay inside the service.
 */
export * from './amounts.js';
export * from './catalogue.js';
export * from './demo-cards.js';
