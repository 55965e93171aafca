// Italian: the web app's texts and the server's (./index.ts, loaded alone when Italian is the language chosen).
import translation from '../locales/it.json';
import platform from '../../../../services/platform/src/messages/it.json';
import identity from '../../../../services/identity/src/messages/it.json';
import wallet from '../../../../services/wallet/src/messages/it.json';
import content from '../../../../services/content/src/messages/it.json';
import messaging from '../../../../services/messaging/src/messages/it.json';
import moderation from '../../../../services/moderation/src/messages/it.json';
import notifications from '../../../../services/notifications/src/messages/it.json';

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
