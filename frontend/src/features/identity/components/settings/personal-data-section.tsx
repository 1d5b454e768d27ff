import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormAlert } from '@/components/form-alert';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useChangeEmailMutation,
  useGetProfileQuery,
  useResendVerificationMutation,
  useUpdateProfileMutation,
  type Profile,
} from '@/features/identity/api/identity-api';
import { AvatarEditor } from '@/features/identity/components/settings/avatar-editor';
import { SessionsSection } from '@/features/identity/components/settings/sessions-section';
import { fieldErrors } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';

interface ProfileFormProps {
  profile: Profile;
}

function ProfileForm({ profile }: ProfileFormProps) {
  const { t } = useTranslation(['account', 'common']);
  const [name, setName] = useState(profile.name);
  const [lastname, setLastname] = useState(profile.lastname ?? '');
  const [update, { isLoading, error }] = useUpdateProfileMutation();
  const errors = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await update({ body: { name, lastname } });
    if ('data' in result) showToast({ severity: 'success', summary: t('profile.saved') });
  };

  return (
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
      <Button type="submit" label={t('common:save')} loading={isLoading} />
    </form>
  );
}

function EmailForm({ profile }: ProfileFormProps) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState(false);
  const [changeEmail, { isLoading, error }] = useChangeEmailMutation();
  const [resend, { isLoading: resending }] = useResendVerificationMutation();
  const errors = fieldErrors(error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await changeEmail({ body: { email, password } });
    if ('error' in result) return;
    setSent(true);
    setPassword('');
  };

  return (
    <div className="card">
      <h2>{t('profile.email_title')}</h2>
      <p>
        {t('profile.email_current', { email: profile.email })}{' '}
        <span className={profile.email_verified ? 'badge badge-success' : 'badge badge-warn'}>
          {profile.email_verified ? t('profile.email_verified') : t('profile.email_unverified')}
        </span>
      </p>
      {!profile.email_verified && (
        <Button
          type="button"
          link
          className="p-0 mb-3"
          label={t('profile.email_resend')}
          loading={resending}
          onClick={() =>
            void resend({ body: {} }).then((result) => {
              if ('data' in result) showToast({ severity: 'success', summary: t('profile.email_resent') });
            })
          }
        />
      )}
      {profile.pending_email !== null && (
        <FormAlert severity="info">{t('profile.email_pending', { email: profile.pending_email })}</FormAlert>
      )}
      {sent && <FormAlert severity="success">{t('profile.email_change_sent')}</FormAlert>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="narrow-form">
        <TextField
          label={t('fields.email')}
          name="new_email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          error={errors.email?.[0]}
        />
        <TextField
          label={t('fields.current_password')}
          name="email_password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={errors.password?.[0]}
        />
        <Button type="submit" outlined label={t('profile.email_change_submit')} loading={isLoading} />
      </form>
    </div>
  );
}

export function PersonalDataSection() {
  const { t } = useTranslation('account');
  const profileQuery = useGetProfileQuery();
  const { data: profile } = profileQuery;
  if (profile === undefined) return <QueryFallback results={[profileQuery]} />;
  return (
    <>
      <div className="card">
        <h2>{t('profile.title')}</h2>
        <AvatarEditor avatar={profile.avatar} />
        {/* Remounts with the saved values when the profile changes on the server. */}
        <ProfileForm key={`${profile.name}\n${profile.lastname}`} profile={profile} />
      </div>
      <EmailForm profile={profile} />
      <SessionsSection />
    </>
  );
}
