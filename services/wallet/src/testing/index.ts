export * from './stripe-stand-in.js';
