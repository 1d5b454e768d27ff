import '@/styles/marketplace.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '@/hooks/use-document-title';

// The bell's page: where a phone opens the notifications (a desktop shows them in the bell's popover).
export default function NotificationsPage({ Panel }: { Panel: ComponentType<{ headingLevel?: 1 | 2 }> }) {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('panel.title'));
  return (
    <section className="page page-narrow">
      <Panel headingLevel={1} />
    </section>
  );
}
