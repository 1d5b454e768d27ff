import '@/styles/marketplace.css';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { useCompleteWelcomeMutation, usePostponeWelcomeMutation } from '@/features/profiles/api/profiles-api';
import { FieldError, serverError } from '@/components/field-error';
import { useCatalog } from '@/lib/catalog/use-catalog';
import { fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface WelcomeDialogProps {
  onClose: () => void;
}

type Intent = 'customer' | 'performer';

// SPEC §1 welcome flow: find a specialist (→ create-order) or find a job in a country (→ orders there).
export default function WelcomeDialog({ onClose }: WelcomeDialogProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const navigate = useNavigate();
  const catalog = useCatalog();
  const [intent, setIntent] = useState<Intent | null>(null);
  const [country, setCountry] = useState<number | null>(null);
  const [complete, { isLoading, error }] = useCompleteWelcomeMutation();
  const [postpone] = usePostponeWelcomeMutation();
  // "Later" (or the ×): the server remembers it and asks again in a week; the dialog goes away at once.
  const later = () => {
    void postpone();
    onClose();
  };
  const errors = fieldErrors(error);

  const onContinue = async () => {
    if (intent === null) return;
    const result = await complete({
      body: { intent, job_country_id: intent === 'performer' ? country : null },
    });
    if (result.data === undefined) return;
    onClose();
    if (intent === 'customer') navigate(paths.createOrder(lang));
    // The orders list filtered by the country (its ?country= query, SPEC §2).
    else navigate(paths.orders(lang, undefined, country === null ? '' : `country=${country}`));
  };

  const choice = (value: Intent, icon: string) => (
    <button
      type="button"
      className={intent === value ? 'welcome-choice selected' : 'welcome-choice'}
      aria-pressed={intent === value}
      data-testid={`welcome-${value}`}
      onClick={() => setIntent(value)}
    >
      <span className={`pi ${icon}`} aria-hidden="true" />
      <strong>{t(`welcome.${value}`)}</strong>
      <span className="muted">{t(`welcome.${value}_text`)}</span>
    </button>
  );

  return (
    <Dialog
      header={t('welcome.title')}
      visible
      onHide={later}
      style={{ width: 'min(560px, 95vw)' }}
      footer={
        <>
          <Button type="button" text label={t('welcome.later')} onClick={later} data-testid="welcome-later" />
          <Button
            type="button"
            label={t('welcome.continue')}
            disabled={intent === null || (intent === 'performer' && country === null)}
            loading={isLoading}
            onClick={() => void onContinue()}
          />
        </>
      }
    >
      <p>{t('welcome.lead')}</p>
      <div className="welcome-choices">
        {choice('customer', 'pi-search')}
        {choice('performer', 'pi-briefcase')}
      </div>
      <FieldError message={serverError(errors, 'intent')} />
      {intent === 'performer' && (
        <div className="field">
          <label className="field-label" htmlFor="welcome-country">
            {t('welcome.country')}
          </label>
          <Dropdown
            inputId="welcome-country"
            value={country}
            options={catalog?.countryOptions() ?? []}
            placeholder={t('welcome.country_placeholder')}
            filter
            onChange={(event) => setCountry(event.value as number)}
          />
          <FieldError message={serverError(errors, 'job_country_id')} />
        </div>
      )}
    </Dialog>
  );
}
