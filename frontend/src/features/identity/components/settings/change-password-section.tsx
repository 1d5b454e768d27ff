import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useChangePasswordMutation } from '@/features/identity/api/identity-api';
import { NewPasswordField } from '@/features/identity/components/new-password-field';
import { fieldErrors } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';

export function ChangePasswordSection() {
  const { t } = useTranslation('account');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [changed, setChanged] = useState(false);
  const [change, { isLoading, error }] = useChangePasswordMutation();
  const errors = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    const result = await change({ body: { current_password: current, password } });
    if ('error' in result) return;
    setCurrent('');
    setPassword('');
    setChanged(true);
    showToast({ severity: 'success', summary: t('change_password.success') });
  };

  return (
    <div className="card">
      <h2>{t('change_password.title')}</h2>
      <p className="muted">{t('change_password.lead')}</p>
      {changed && <FormAlert severity="success">{t('change_password.success')}</FormAlert>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="narrow-form">
        <TextField
          label={t('fields.current_password')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={setCurrent}
          error={errors.current_password?.[0]}
        />
        <NewPasswordField
          label={t('fields.new_password')}
          value={password}
          onChange={setPassword}
          error={errors.password?.[0]}
        />
        <Button type="submit" label={t('change_password.submit')} loading={isLoading} />
      </form>
    </div>
  );
}
