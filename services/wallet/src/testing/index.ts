export * from './stripe-stand-in.js';
export * from './wallet-beside.js';
