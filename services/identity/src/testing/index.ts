export * from './member-profile.js';
export * from './captured-mail.js';
export * from './smtp-catcher.js';
export * from './software-authenticator.js';
