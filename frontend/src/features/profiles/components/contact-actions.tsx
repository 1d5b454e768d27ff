import '@/styles/contact-actions.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';

// The messenger's "Write a message" button (features/messenger write-message-button), which the app hands the
// profiles screens as a slot (a feature never imports another).
export type WriteMessageSlot = ComponentType<{ userId: number }>;

export interface ContactActionsProps {
  userId: number;
  Contact?: WriteMessageSlot;
  // A catalogue card's smaller buttons rather than the profile header's.
  compact?: boolean;
}

// "Offer a job" (the job offer form, create-order?performer={id}; a guest is sent to log in by its guard) and
// "Write a message" to a performer: on each catalogue card and in the freelancer profile's header. Nothing for
// the performer themselves.
export function ContactActions({ userId, Contact, compact = false }: ContactActionsProps) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const viewer = useViewer();
  if (viewer.id === userId) return null;
  return (
    <div className={compact ? 'contact-actions compact' : 'contact-actions'} data-testid="contact-actions">
      <Link to={paths.createOrder(lang, userId)} className="p-button" data-testid="offer-job">
        <span className="pi pi-briefcase" aria-hidden="true" /> {t('catalogue.offer_job')}
      </Link>
      {Contact !== undefined && <Contact userId={userId} />}
    </div>
  );
}
