import { randomUUID } from 'node:crypto';
import type { UserDocument } from '../infra/user-document.js';

/** A fresh user document: defaults for everything a new account starts with, then the given fields. */
export function newUserDocument(fields: Partial<UserDocument>): UserDocument {
  const now = new Date().toISOString();
  return {
    _id: randomUUID(),
    verificationStatus: 'unverified',
    isAdmin: false,
    isTester: false,
    isOnline: false,
    needsProfileSetup: false,
    createdAt: now,
    updatedAt: now,
    revision: 0,
    ...fields,
  };
}
