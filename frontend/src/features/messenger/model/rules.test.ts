import { i18n } from '@/lib/i18n/i18n';
import { cautionText } from '@/features/messenger/model/caution';
import { canSend, composerKeyAction, kMaxMessageLength } from '@/features/messenger/model/composer-keys';
import {
  shouldToast,
  toastOf,
  withToast,
  type MessageToast,
} from '@/features/messenger/model/message-toasts';
import { shouldShowUnreadAlert } from '@/features/messenger/model/unread-alert';
import { isMessengerPath, openChatIdOf } from '@/features/messenger/paths';

function newMsg(id: number, chatId: number, userId = 8) {
  return {
    message: {
      id,
      chat_id: chatId,
      user: { id: userId, name: 'Ivan', lastname: 'Orlov', avatar: null },
      details: { short_text: `hello ${id}`, text: `hello ${id} in full` },
      created_at: '2026-01-01T10:00:00Z',
    },
  };
}

describe('composer keys', () => {
  it('Enter sends; Shift+Enter, Alt+Enter and Enter while composing add a newline', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, altKey: true })).toBe('newline');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('newline');
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBe('none');
  });

  it('sends trimmed text of 1–4000 characters, or attachments alone, never while uploading', () => {
    expect(canSend('  ', 0, false)).toBe(false);
    expect(canSend(' hi ', 0, false)).toBe(true);
    expect(canSend('', 1, false)).toBe(true);
    expect(canSend('hi', 0, true)).toBe(false);
    expect(canSend('x'.repeat(kMaxMessageLength), 0, false)).toBe(true);
    expect(canSend('x'.repeat(kMaxMessageLength + 1), 0, false)).toBe(false);
  });
});

describe('new-message toasts', () => {
  it('none for my own message or for the chat open now', () => {
    expect(shouldToast(newMsg(1, 3), 7, null)).toBe(true);
    expect(shouldToast(newMsg(1, 3), 7, 4)).toBe(true);
    expect(shouldToast(newMsg(1, 3), 7, 3)).toBe(false);
    expect(shouldToast(newMsg(1, 3, 7), 7, null)).toBe(false);
  });

  it('names the sender and the short text', () => {
    expect(toastOf(newMsg(5, 3))).toMatchObject({ sender: 'Ivan Orlov', text: 'hello 5', chatId: 3 });
  });

  it('at most three message toasts (the oldest leaves) and one alert; one per message', () => {
    let toasts: MessageToast[] = [];
    const alert: MessageToast = { key: 'alert', kind: 'alert', chatId: null, sender: '', text: '', count: 2 };
    toasts = withToast(toasts, alert);
    for (const id of [1, 2, 3, 4]) toasts = withToast(toasts, toastOf(newMsg(id, 3)));
    toasts = withToast(toasts, toastOf(newMsg(4, 3)));
    expect(toasts.map((toast) => toast.key)).toEqual(['alert', 'm2', 'm3', 'm4']);
    toasts = withToast(toasts, { ...alert, count: 5 });
    expect(toasts.filter((toast) => toast.kind === 'alert')).toHaveLength(1);
  });
});

describe('the unread alert', () => {
  it('only with unread messages, without the hour cookie, and never on a messenger screen', () => {
    expect(shouldShowUnreadAlert({ unread: 2, pathname: '/en/orders', cookie: null })).toBe(true);
    expect(shouldShowUnreadAlert({ unread: 0, pathname: '/en/orders', cookie: null })).toBe(false);
    expect(shouldShowUnreadAlert({ unread: 2, pathname: '/en/orders', cookie: '1' })).toBe(false);
    for (const path of ['/ru/m', '/en/m/chat', '/en/m/chat/5', '/en/m/chat/5/9/2']) {
      expect(shouldShowUnreadAlert({ unread: 2, pathname: path, cookie: null })).toBe(false);
    }
    expect(isMessengerPath('/en/my-orders')).toBe(false);
    expect(openChatIdOf('/en/m/chat/12')).toBe(12);
    expect(openChatIdOf('/en/m/chat/12/3/4')).toBe(12);
    expect(openChatIdOf('/en/m/chat')).toBeNull();
  });
});

describe('the anti-fraud caution', () => {
  it('names the kinds found, in the interface language', () => {
    const en = i18n.getFixedT('en', 'messenger');
    const ru = i18n.getFixedT('ru', 'messenger');
    expect(cautionText([], en, 'en')).toBeNull();
    expect(cautionText(['unknown'], en, 'en')).toBeNull();
    expect(cautionText(['phone', 'email'], en, 'en')).toBe(
      'Careful: this message contains a phone number and an e-mail address. Keep the deal and its payment on ' +
        'Artel: nobody can protect a deal made outside it.',
    );
    expect(cautionText(['card', 'messenger', 'off_platform'], ru, 'ru')).toBe(
      'Осторожно: в сообщении есть номер карты, контакт в мессенджере и предложение оплатить в обход Artel. ' +
        'Проводите сделку и оплату через Artel: сделку вне площадки никто не защитит.',
    );
  });
});
