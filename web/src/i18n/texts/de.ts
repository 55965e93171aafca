// German: the web app's texts and the server's (./index.ts, loaded alone when German is the language chosen).
import translation from '../locales/de.json';
import platform from '../../../../services/platform/src/messages/de.json';
import identity from '../../../../services/identity/src/messages/de.json';
import wallet from '../../../../services/wallet/src/messages/de.json';
import content from '../../../../services/content/src/messages/de.json';
import messaging from '../../../../services/messaging/src/messages/de.json';
import moderation from '../../../../services/moderation/src/messages/de.json';
import notifications from '../../../../services/notifications/src/messages/de.json';

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
