import '@/styles/marketplace.css';

import { useTranslation } from 'react-i18next';

import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { useDocumentTitle } from '@/hooks/use-document-title';

// The bell's page: where a phone opens the notifications (a desktop shows them in the bell's popover).
export default function NotificationsPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('my.notifications'));
  return (
    <section className="page page-narrow">
      <NotificationsPanel headingLevel={1} />
    </section>
  );
}
