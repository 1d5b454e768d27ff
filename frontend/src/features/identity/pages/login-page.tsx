import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useLoginMutation } from '@/features/identity/api/identity-api';
import { returnPath } from '@/features/identity/components/guards';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { identityPaths } from '@/features/identity/paths';
import { paths } from '@/lib/routing/paths';

export default function LoginPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('login.title'));
  const lang = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [login, { isLoading, error }] = useLoginMutation();
  const errors = fieldErrors(error);
  const failed =
    error !== undefined &&
    errorStatus(error) === 422 &&
    errors.email === undefined &&
    errors.password === undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await login({ loginRequest: { email, password, remember } });
    if ('data' in result) navigate(returnPath(location.state, paths.main(lang)), { replace: true });
  };

  return (
    <section className="page page-narrow auth-page">
      <div className="card">
        <h1>{t('login.title')}</h1>
        <p className="lead">{t('login.lead')}</p>
        {failed && <FormAlert severity="error">{t('login.failed')}</FormAlert>}
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
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
          <TextField
            label={t('fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
            error={errors.password?.[0]}
          />
          <div className="field-row">
            <div className="checkbox">
              <Checkbox
                inputId="login-remember"
                checked={remember}
                onChange={(event) => setRemember(event.checked === true)}
              />
              <label htmlFor="login-remember">{t('fields.remember')}</label>
            </div>
            <Link to={identityPaths.resetPassword(lang)}>{t('login.forgot')}</Link>
          </div>
          <Button type="submit" label={t('login.submit')} loading={isLoading} className="w-full" />
        </form>
        <p className="card-footer">
          {t('login.no_account')} <Link to={paths.registration(lang)}>{t('login.register_link')}</Link>
        </p>
      </div>
    </section>
  );
}
