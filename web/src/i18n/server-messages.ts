/**
 * The server's texts (the kernel's errors and each service's catalogue, merged per language): the `messages`
 * namespace, so that client-side validation with the services' zod schemas shows exactly the text the server would send.
 */
import platformIt from '../../../services/platform/src/messages/it.json';
import platformEn from '../../../services/platform/src/messages/en.json';
import platformEs from '../../../services/platform/src/messages/es.json';
import platformFr from '../../../services/platform/src/messages/fr.json';
import platformDe from '../../../services/platform/src/messages/de.json';
import identityIt from '../../../services/identity/src/messages/it.json';
import identityEn from '../../../services/identity/src/messages/en.json';
import identityEs from '../../../services/identity/src/messages/es.json';
import identityFr from '../../../services/identity/src/messages/fr.json';
import identityDe from '../../../services/identity/src/messages/de.json';
import walletIt from '../../../services/wallet/src/messages/it.json';
import walletEn from '../../../services/wallet/src/messages/en.json';
import walletEs from '../../../services/wallet/src/messages/es.json';
import walletFr from '../../../services/wallet/src/messages/fr.json';
import walletDe from '../../../services/wallet/src/messages/de.json';
import contentIt from '../../../services/content/src/messages/it.json';
import contentEn from '../../../services/content/src/messages/en.json';
import contentEs from '../../../services/content/src/messages/es.json';
import contentFr from '../../../services/content/src/messages/fr.json';
import contentDe from '../../../services/content/src/messages/de.json';
import messagingIt from '../../../services/messaging/src/messages/it.json';
import messagingEn from '../../../services/messaging/src/messages/en.json';
import messagingEs from '../../../services/messaging/src/messages/es.json';
import messagingFr from '../../../services/messaging/src/messages/fr.json';
import messagingDe from '../../../services/messaging/src/messages/de.json';
import moderationIt from '../../../services/moderation/src/messages/it.json';
import moderationEn from '../../../services/moderation/src/messages/en.json';
import moderationEs from '../../../services/moderation/src/messages/es.json';
import moderationFr from '../../../services/moderation/src/messages/fr.json';
import moderationDe from '../../../services/moderation/src/messages/de.json';

export const serverMessages = {
  it: { ...platformIt, ...identityIt, ...walletIt, ...contentIt, ...messagingIt, ...moderationIt },
  en: { ...platformEn, ...identityEn, ...walletEn, ...contentEn, ...messagingEn, ...moderationEn },
  es: { ...platformEs, ...identityEs, ...walletEs, ...contentEs, ...messagingEs, ...moderationEs },
  fr: { ...platformFr, ...identityFr, ...walletFr, ...contentFr, ...messagingFr, ...moderationFr },
  de: { ...platformDe, ...identityDe, ...walletDe, ...contentDe, ...messagingDe, ...moderationDe },
};
