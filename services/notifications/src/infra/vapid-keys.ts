import webPush from 'web-push';
import { insertOnce, type DocumentStore } from '@tip/platform';
import { collectionName } from './collections.js';

/** The VAPID key pair this server signs its pushes with, and whom push services may contact about them. */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

interface VapidKeysDocument {
  _id: 'vapid';
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys: those configured (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY), otherwise a pair generated once and kept
 * in the service's own store, so every process over it and every restart signs with the same pair (a browser's
 * subscription is bound to the key it subscribed with). Two processes generating at once keep the first one stored.
 */
export async function vapidKeys(
  documents: DocumentStore,
  configured: { publicKey?: string | undefined; privateKey?: string | undefined; subject: string },
): Promise<VapidDetails> {
  const { subject } = configured;
  if (configured.publicKey && configured.privateKey)
    return { subject, publicKey: configured.publicKey, privateKey: configured.privateKey };
  const settings = await documents.collection<VapidKeysDocument>(collectionName('settings'));
  if (!(await settings.findOne({ _id: 'vapid' })))
    await insertOnce(settings, { _id: 'vapid', ...webPush.generateVAPIDKeys() });
  const kept = await settings.findOne({ _id: 'vapid' });
  if (!kept) throw new Error('the VAPID keys were stored but cannot be read back');
  return { subject, publicKey: kept.publicKey, privateKey: kept.privateKey };
}
