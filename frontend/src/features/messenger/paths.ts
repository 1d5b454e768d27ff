import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// SPEC §2: messengerList (m), newChat (m/chat, ?user={id} names the recipient), messenger (m/chat/{chat_id}),
// chatFile (m/chat/{chatId}/{msgId}/{filepath}, the file path being the attachment's id).
export const messengerPaths = {
  list: (lang: Language) => langPath(lang, ['m']),
  newChat: (lang: Language, userId?: number) =>
    langPath(lang, ['m', 'chat'], userId === undefined ? undefined : `user=${userId}`),
  chat: (lang: Language, chatId: number) => langPath(lang, ['m', 'chat', chatId]),
  file: (lang: Language, chatId: number, messageId: number, attachmentId: number) =>
    langPath(lang, ['m', 'chat', chatId, messageId, attachmentId]),
};

// The chat open at this path (m/chat/{id} or its file page), or null.
export function openChatIdOf(pathname: string): number | null {
  const match = /^\/[a-z]{2}\/m\/chat\/(\d+)(?:\/|$)/.exec(pathname);
  return match === null ? null : Number(match[1]);
}

// The messenger's own screens (no unread alert there, SPEC §4).
export function isMessengerPath(pathname: string): boolean {
  return /^\/[a-z]{2}\/m(?:\/|$)/.test(pathname);
}
