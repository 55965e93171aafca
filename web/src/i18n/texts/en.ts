// English: the web app's texts and the server's (./index.ts, loaded alone when English is the language chosen).
import translation from '../locales/en.json';
import platform from '../../../../services/platform/src/messages/en.json';
import identity from '../../../../services/identity/src/messages/en.json';
import wallet from '../../../../services/wallet/src/messages/en.json';
import content from '../../../../services/content/src/messages/en.json';
import messaging from '../../../../services/messaging/src/messages/en.json';
import moderation from '../../../../services/moderation/src/messages/en.json';
import notifications from '../../../../services/notifications/src/messages/en.json';

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
