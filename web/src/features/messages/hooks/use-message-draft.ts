import { useEffect, useState } from 'react';
import { chatKey, type Chat } from '../api/types';

const storageKey = (chat: Chat) => `tip.messageDraft.${chatKey(chat)}`;

/**
 * What the member is writing in a conversation, kept in the tab's session storage until it is sent: a message refused
 * for too few credits is still in the field when the member comes back from buying them (a full page load included).
 * Signing out clears the session storage with the rest.
 */
export function useMessageDraft(chat: Chat) {
  const key = storageKey(chat);
  const [text, setText] = useState(() => sessionStorage.getItem(key) ?? '');
  useEffect(() => {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  }, [key, text]);
  return [text, setText] as const;
}
