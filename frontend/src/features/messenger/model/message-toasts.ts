import type { NewMessageEvent } from '@/features/messenger/model/types';

// New-message toasts (SPEC §9): at most 3 at once (the oldest leaves), one per message, none for one's own
// message or the chat open now; the unread alert is at most one.
export const kMaxMessageToasts = 3;
export const kMessageToastLife = 5000;

export interface MessageToast {
  key: string;
  kind: 'message' | 'alert';
  chatId: number | null;
  sender: string;
  text: string;
  count: number;
}

export function shouldToast(event: NewMessageEvent, viewerId: number, openChatId: number | null): boolean {
  return event.message.user.id !== viewerId && event.message.chat_id !== openChatId;
}

export function toastOf(event: NewMessageEvent): MessageToast {
  const { message } = event;
  const sender = [message.user.name, message.user.lastname ?? ''].join(' ').trim();
  return {
    key: `m${message.id}`,
    kind: 'message',
    chatId: message.chat_id,
    sender,
    text: message.details.short_text ?? message.details.text ?? '',
    count: 1,
  };
}

export function withToast(toasts: readonly MessageToast[], toast: MessageToast): MessageToast[] {
  if (toasts.some((item) => item.key === toast.key)) return [...toasts];
  const others = toast.kind === 'alert' ? toasts.filter((item) => item.kind !== 'alert') : toasts;
  const messages = [...others, toast].filter((item) => item.kind === 'message');
  const alerts = [...others, toast].filter((item) => item.kind === 'alert');
  return [...alerts.slice(-1), ...messages.slice(-kMaxMessageToasts)];
}

// Opening a chat drops its toasts.
export function withoutChat(toasts: readonly MessageToast[], chatId: number): MessageToast[] {
  return toasts.filter((item) => item.chatId !== chatId);
}
