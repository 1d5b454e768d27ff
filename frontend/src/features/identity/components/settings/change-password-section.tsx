import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
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
  const [repeat, setRepeat] = useState('');
  const [shown, setShown] = useState(false);
  // The repeat's mismatch shows once it is as long as the password, or on submit.
  const [submitted, setSubmitted] = useState(false);
  const [changed, setChanged] = useState(false);
  const [change, { isLoading, error }] = useChangePasswordMutation();
  const errors = fieldErrors(error);
  const mismatch =
    repeat !== password && (submitted || (repeat !== '' && [...repeat].length >= [...password].length));
  const repeatError = mismatch ? t('change_password.mismatch') : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    setSubmitted(true);
    if (repeat !== password) return;
    const result = await change({ body: { current_password: current, password } });
    if ('error' in result) return;
    setCurrent('');
    setPassword('');
    setRepeat('');
    setSubmitted(false);
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
          type={shown ? 'text' : 'password'}
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
          visible={shown}
        />
        <TextField
          label={t('fields.repeat_password')}
          name="repeat_password"
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          required
          maxLength={128}
          value={repeat}
          onChange={setRepeat}
          error={repeatError}
        />
        <div className="field-row">
          <div className="checkbox">
            <Checkbox
              inputId="change-password-show"
              checked={shown}
              onChange={(event) => setShown(event.checked === true)}
            />
            <label htmlFor="change-password-show">{t('change_password.show')}</label>
          </div>
        </div>
        <Button type="submit" label={t('change_password.submit')} loading={isLoading} />
      </form>
    </div>
  );
}
