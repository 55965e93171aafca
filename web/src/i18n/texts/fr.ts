// French: the web app's texts and the server's (./index.ts, loaded alone when French is the language chosen).
import translation from '../locales/fr.json';
import platform from '../../../../services/platform/src/messages/fr.json';
import identity from '../../../../services/identity/src/messages/fr.json';
import wallet from '../../../../services/wallet/src/messages/fr.json';
import content from '../../../../services/content/src/messages/fr.json';
import messaging from '../../../../services/messaging/src/messages/fr.json';
import moderation from '../../../../services/moderation/src/messages/fr.json';
import notifications from '../../../../services/notifications/src/messages/fr.json';

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
