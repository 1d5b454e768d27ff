import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

import { FieldError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import {
  useRegisterMutation,
  useResendVerificationToAddressMutation,
} from '@/features/identity/api/identity-api';
import { NewPasswordField } from '@/features/identity/components/new-password-field';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorBody, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

// After registering: check your e-mail, with a resend (rate-limited: the refusal shows here, not as a toast).
function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation(['account', 'errors']);
  const lang = useLanguage();
  const [resend, { isLoading, isSuccess, error }] = useResendVerificationToAddressMutation();
  const refusal = error === undefined ? null : (errorBody(error)?.message ?? t('errors:codes.Internal'));
  // Where the guest was going (a landing page's call to action): login goes there afterwards.
  const { state } = useLocation();
  return (
    <section className="page page-narrow auth-page">
      <div className="card">
        <h1>{t('registration.sent_title')}</h1>
        <FormAlert severity="success">{t('registration.sent_text', { email })}</FormAlert>
        <p className="muted">{t('registration.sent_hint')}</p>
        {isSuccess && <FormAlert severity="info">{t('registration.resent', { email })}</FormAlert>}
        {refusal !== null && <FormAlert severity="error">{refusal}</FormAlert>}
        <div className="card-actions">
          <Button
            type="button"
            outlined
            icon="pi pi-envelope"
            className="w-full justify-content-center"
            label={t('registration.resend')}
            loading={isLoading}
            onClick={() => void resend({ email })}
          />
          <Link className="p-button w-full justify-content-center" to={paths.login(lang)} state={state}>
            {t('registration.login_link')}
          </Link>
        </div>
      </div>
    </section>
  );
}

export default function RegistrationPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('registration.title'));
  const lang = useLanguage();
  const [name, setName] = useState('');
  const [lastname, setLastname] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [register, { isLoading, error }] = useRegisterMutation();
  const errors = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // An unticked box is sent as false: the server refuses it, and its message shows under the box.
    const body = {
      name,
      email,
      password,
      lang,
      accept_terms: accepted as true,
      ...(lastname === '' ? {} : { lastname }),
    };
    const result = await register({ registerRequest: body });
    if ('data' in result) setSentTo(email);
  };

  if (sentTo !== null) return <CheckEmail email={sentTo} />;

  return (
    <section className="page page-narrow auth-page">
      <div className="card">
        <h1>{t('registration.title')}</h1>
        <p className="lead">{t('registration.lead')}</p>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="field-pair">
            <TextField
              label={t('fields.name')}
              name="name"
              autoComplete="given-name"
              required
              maxLength={100}
              value={name}
              onChange={setName}
              error={errors.name?.[0]}
            />
            <TextField
              label={t('fields.lastname')}
              name="lastname"
              autoComplete="family-name"
              maxLength={100}
              value={lastname}
              onChange={setLastname}
              error={errors.lastname?.[0]}
            />
          </div>
          <TextField
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
            error={errors.email?.[0]}
          />
          <NewPasswordField
            label={t('fields.password')}
            value={password}
            onChange={setPassword}
            error={errors.password?.[0]}
          />
          <div className="field registration-consent">
            <div className="checkbox">
              <Checkbox
                inputId="registration-consent"
                name="accept_terms"
                checked={accepted}
                invalid={errors.accept_terms !== undefined}
                aria-describedby="registration-consent-documents"
                onChange={(event) => setAccepted(event.checked === true)}
              />
              <label htmlFor="registration-consent">{t('registration.consent')}</label>
            </div>
            <p className="muted small" id="registration-consent-documents">
              <Link to={paths.agreement(lang)} target="_blank" rel="noopener">
                {t('registration.agreement_link')}
              </Link>
              {' · '}
              <Link to={paths.privacyPolicy(lang)} target="_blank" rel="noopener">
                {t('registration.privacy_link')}
              </Link>
            </p>
            <FieldError message={errors.accept_terms?.[0]} />
          </div>
          <Button type="submit" label={t('registration.submit')} loading={isLoading} className="w-full" />
        </form>
        <p className="card-footer">
          {t('registration.have_account')} <Link to={paths.login(lang)}>{t('registration.login_link')}</Link>
        </p>
      </div>
    </section>
  );
}
