import '@/styles/marketplace.css';
import '@/styles/profiles.css';

import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { useGetCustomerQuery } from '@/features/profiles/api/profiles-api';
import { CustomerAboutForm } from '@/features/profiles/components/customer-about-form';
import { CustomerStats } from '@/features/profiles/components/customer-stats';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { useEditForm } from '@/features/profiles/hooks/use-edit-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatDate, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface CustomerFrameProps extends ProfileSlots {
  userId: number;
  title: string;
  children: ReactNode;
}

// customer/{id}/…: the customer's card with the about text and the reputation on every tab, then the tabs.
export function CustomerFrame({ userId, title, children, Contact }: CustomerFrameProps) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const result = useGetCustomerQuery({ id: userId });
  const editor = useEditForm('about');
  const { data: customer, error } = result;
  useDocumentTitle(customer === undefined ? title : `${fullName(customer.user)} — ${title}`);
  if (errorStatus(error) === 404) return <NotFoundPage />;
  if (customer === undefined) return <QueryFallback results={[result]} page />;
  const { user } = customer;
  return (
    <section className="page user-page profile-page">
      <div className="card user-card profile-header" data-testid="customer-header">
        <img className="avatar-large" src={user.avatar ?? kDefaultAvatar} alt="" width={96} height={96} />
        <div className="user-card-body">
          <h1>{fullName(user)}</h1>
          <p className="muted">
            {t('profile.member_since', { date: formatDate(customer.created_at, lang) })}
          </p>
          <div className="profile-about-row">
            {customer.about !== '' ? (
              <p className="profile-about" data-testid="customer-about">
                {customer.about}
              </p>
            ) : (
              customer.is_owner && <p className="muted">{t('profile.customer_about_empty_owner')}</p>
            )}
            {customer.is_owner && (
              <Button
                type="button"
                icon="pi pi-pencil"
                text
                size="small"
                label={t('profile.edit')}
                aria-label={t('profile.edit_about')}
                onClick={editor.show}
                data-testid="edit-customer-about"
              />
            )}
          </div>
          <CustomerStats stats={customer.stats} />
        </div>
        {!customer.is_owner && Contact !== undefined && (
          <div className="user-card-actions">
            <Contact userId={user.id} />
          </div>
        )}
      </div>
      <nav className="tabs" aria-label={t('profile.tabs')}>
        <NavLink to={paths.customerPage(lang, user.id, 'orders')}>{t('profile.tab.orders')}</NavLink>
        <NavLink to={paths.customerPage(lang, user.id, 'reviews')}>{t('profile.tab.reviews')}</NavLink>
      </nav>
      {children}
      {customer.is_owner && editor.open && <CustomerAboutForm about={customer.about} onHide={editor.hide} />}
    </section>
  );
}
