import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { useUnsubscribeNotificationsMutation } from '@/features/notifications/api/notifications-api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorBody } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { langPath, paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';

// The kinds a token names (`<user>.<kind>[,<kind>…].<channel>.<signature>`: one for an immediate mail, every
// kind a digest held): shown in the question before anything changes.
export function kindsOf(token: string): string[] | null {
  const parts = token.split('.');
  const kinds = parts.length === 4 ? (parts[1] ?? '').split(',') : [];
  return kinds.length > 0 && kinds.every((kind) => /^[a-z_]{1,40}$/.test(kind)) ? kinds : null;
}

// /{lang}/unsubscribe?token=…: the link in every notification mail's footer. A GET changes nothing (mail scanners
// open links); the button posts the token as a mail client's one-click does. No sign-in needed.
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const lang = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kinds = kindsOf(token);
  const [unsubscribe, { data, error, isLoading }] = useUnsubscribeNotificationsMutation();
  useDocumentTitle(t('unsubscribe.title'));
  // «Отклики» и «Сообщения» / “Bids” and “Messages”: each kind's name quoted, joined as the language joins a list.
  const [open, close] = lang === 'ru' ? ['«', '»'] : ['“', '”'];
  const label =
    kinds === null
      ? ''
      : new Intl.ListFormat(lang, { type: 'conjunction' }).format(
          kinds.map(
            (kind) => `${open}${t(`kinds.${kind}.label` as 'page.title', { defaultValue: kind })}${close}`,
          ),
        );
  const failure = errorBody(error);
  const viewer = useViewer();
  // The settings page for a signed-in reader; sign-in (which leads there) for anyone else.
  const settings =
    viewer.id === null ? paths.login(lang) : langPath(lang, ['settings', viewer.id, 'notifications']);

  return (
    <section className="page page-narrow">
      <div className="card">
        <h1>{t('unsubscribe.title')}</h1>
        {kinds === null && <FormAlert severity="error">{t('unsubscribe.invalid')}</FormAlert>}
        {kinds !== null && data === undefined && (
          <>
            <p>{t('unsubscribe.question', { kinds: label })}</p>
            {failure !== null && <FormAlert severity="error">{failure.message}</FormAlert>}
            <Button
              type="button"
              label={t('unsubscribe.confirm')}
              loading={isLoading}
              onClick={() => void unsubscribe({ token, body: { 'List-Unsubscribe': 'One-Click' } })}
            />
          </>
        )}
        {data !== undefined && (
          <FormAlert severity="success">{t('unsubscribe.done', { kinds: label })}</FormAlert>
        )}
        <p>
          <Link to={settings}>{t('unsubscribe.settings')}</Link>
        </p>
      </div>
    </section>
  );
}
