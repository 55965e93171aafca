// Spanish: the web app's texts and the server's (./index.ts, loaded alone when Spanish is the language chosen).
import translation from '../locales/es.json';
import platform from '../../../../services/platform/src/messages/es.json';
import identity from '../../../../services/identity/src/messages/es.json';
import wallet from '../../../../services/wallet/src/messages/es.json';
import content from '../../../../services/content/src/messages/es.json';
import messaging from '../../../../services/messaging/src/messages/es.json';
import moderation from '../../../../services/moderation/src/messages/es.json';
import notifications from '../../../../services/notifications/src/messages/es.json';

export { translation };
export const messages = {
  ...platform,
  ...identity,
  ...wallet,
  ...content,
  ...messaging,
  ...moderation,
  ...notifications,
};
