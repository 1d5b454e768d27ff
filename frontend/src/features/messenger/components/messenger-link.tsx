import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { messengerPaths } from '@/features/messenger/paths';
import { useLanguage } from '@/lib/i18n/use-language';

// The header's messenger icon (SPEC §2) with the live unread total.
export function MessengerLink({ unread }: { unread: number }) {
  const { t } = useTranslation('messenger');
  const lang = useLanguage();
  return (
    <Link
      to={messengerPaths.list(lang)}
      className="icon-button bell messenger-link"
      data-testid="messenger-link"
      aria-label={unread > 0 ? t('header_link_unread', { count: unread }) : t('header_link')}
    >
      <span className="pi pi-comments" aria-hidden="true" />
      {unread > 0 && (
        <span className="bell-count" data-testid="messenger-unread" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
