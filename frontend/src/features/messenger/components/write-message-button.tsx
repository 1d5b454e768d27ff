import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { useStartChatMutation } from '@/features/messenger/api/messenger-api';
import { messengerPaths } from '@/features/messenger/paths';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';

export interface WriteMessageButtonProps {
  userId: number;
  // The order the chat is about (the order page's button).
  orderId?: number;
  className?: string;
}

// "Write a message" (a user's public profile, the order page): opens the chat with the user (POST /api/chats:
// the pair's one chat, made or found), about the order when there is one. A guest is asked to log in (SPEC §6).
export function WriteMessageButton({
  userId,
  orderId,
  className = 'p-button p-button-outlined',
}: WriteMessageButtonProps) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  const navigate = useNavigate();
  const viewer = useViewer();
  const [createChat, { isLoading }] = useStartChatMutation();
  if (viewer.id === userId) return null;
  if (viewer.id === null) {
    return (
      <Link to={paths.login(lang)} className={className} title={t('write.login')} data-testid="write-message">
        <span className="pi pi-comment" aria-hidden="true" /> {t('write.button')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      disabled={isLoading}
      data-testid="write-message"
      onClick={() =>
        void createChat({
          startChatInput: {
            user_id: userId,
            ...(orderId === undefined ? {} : { context: { type: 'order' as const, id: orderId } }),
          },
        }).then((result) => {
          if ('data' in result && result.data !== undefined)
            navigate(messengerPaths.chat(lang, result.data.id));
        })
      }
    >
      <span className="pi pi-comment" aria-hidden="true" /> {t('write.button')}
    </button>
  );
}

export interface WriteAboutResponseProps {
  userId: number;
  responseId: number;
  // "Write to the candidate" / "Write to the employer" (the response lists' wording).
  label: string;
}

// The response lists' button: opens the pair's chat about the response (context {type: response, id}).
export function WriteAboutResponse({ userId, responseId, label }: WriteAboutResponseProps) {
  const lang = useLanguage();
  const navigate = useNavigate();
  const [createChat, { isLoading }] = useStartChatMutation();
  return (
    <button
      type="button"
      className="p-button p-button-outlined p-button-sm"
      disabled={isLoading}
      data-testid="write-about-response"
      onClick={() =>
        void createChat({
          startChatInput: { user_id: userId, context: { type: 'response' as const, id: responseId } },
        }).then((result) => {
          if ('data' in result && result.data !== undefined)
            navigate(messengerPaths.chat(lang, result.data.id));
        })
      }
    >
      <span className="pi pi-comment" aria-hidden="true" /> {label}
    </button>
  );
}
