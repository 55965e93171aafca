import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@tip/platform';
import { z } from 'zod';
import { notificationsSettingsShape } from './config.js';
import { KNOWN_PUSH_SERVICE_HOSTS } from './domain/index.js';

const read = (env: Record<string, string>) => loadConfig(z.object(notificationsSettingsShape), env);

describe('PUSH_SERVICE_HOSTS', () => {
  it('is the known browsers’ push services unless set, empty included', () => {
    expect(read({}).PUSH_SERVICE_HOSTS).toEqual(KNOWN_PUSH_SERVICE_HOSTS);
    expect(read({ PUSH_SERVICE_HOSTS: '' }).PUSH_SERVICE_HOSTS).toEqual(KNOWN_PUSH_SERVICE_HOSTS);
  });

  it('replaces the list with the hosts it names, in lower case', () => {
    expect(
      read({ PUSH_SERVICE_HOSTS: ' FCM.googleapis.com, *.push.example.test ,127.0.0.1' }).PUSH_SERVICE_HOSTS,
    ).toEqual(['fcm.googleapis.com', '*.push.example.test', '127.0.0.1']);
  });

  it('stops the start on what is not a host, naming the variable', () => {
    for (const PUSH_SERVICE_HOSTS of ['https://fcm.googleapis.com', '*', 'fcm.googleapis.com,,x.test', 'a b']) {
      expect(() => read({ PUSH_SERVICE_HOSTS })).toThrow(ConfigError);
      expect(() => read({ PUSH_SERVICE_HOSTS })).toThrow(/PUSH_SERVICE_HOSTS/);
    }
  });
});
