export * from './member-profile.js';
