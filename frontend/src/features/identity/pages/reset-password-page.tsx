import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useForgotPasswordMutation, useResetPasswordMutation } from '@/features/identity/api/identity-api';
import { NewPasswordField } from '@/features/identity/components/new-password-field';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

function RequestForm() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [forgot, { isLoading, error }] = useForgotPasswordMutation();
  const errors = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await forgot({ body: { email } });
    if ('data' in result) setSent(true);
  };

  if (sent) return <FormAlert severity="success">{t('reset.request_sent')}</FormAlert>;
  return (
    <>
      <p className="lead">{t('reset.request_lead')}</p>
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
        <Button type="submit" label={t('reset.request_submit')} loading={isLoading} className="w-full" />
      </form>
    </>
  );
}

interface SetPasswordFormProps {
  token: string;
}

function SetPasswordForm({ token }: SetPasswordFormProps) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [reset, { isLoading, error }] = useResetPasswordMutation();
  const errors = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await reset({ body: { token, password } });
    if ('data' in result) setDone(true);
  };

  if (done) {
    return (
      <>
        <FormAlert severity="success">{t('reset.done')}</FormAlert>
        <Link className="p-button" to={paths.login(lang)}>
          {t('reset.to_login')}
        </Link>
      </>
    );
  }
  return (
    <>
      <p className="lead">{t('reset.set_lead')}</p>
      {errors.token !== undefined && <FormAlert severity="error">{errors.token[0]}</FormAlert>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <NewPasswordField
          label={t('fields.new_password')}
          value={password}
          onChange={setPassword}
          error={errors.password?.[0]}
        />
        <Button type="submit" label={t('reset.set_submit')} loading={isLoading} className="w-full" />
      </form>
    </>
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <section className="page page-narrow auth-page">
      <div className="card">
        <h1>{t('reset.title')}</h1>
        {token === null || token === '' ? <RequestForm /> : <SetPasswordForm token={token} />}
      </div>
    </section>
  );
}
