import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeleteAvatarMutation } from '@/features/identity/api/identity-api';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { baseApi } from '@/lib/api/base-api';
import { uploadRaw } from '@/lib/api/upload';
import { showToast } from '@/lib/toast/toast-store';

export interface AvatarEditorProps {
  avatar: string | null;
}

const kAccepted = 'image/png,image/jpeg,image/webp,image/gif';

export function AvatarEditor({ avatar }: AvatarEditorProps) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  // The local preview, shown until the profile reports a different avatar than the one at upload time.
  const [preview, setPreview] = useState<{ url: string; over: string | null } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleteAvatar, { isLoading: deleting }] = useDeleteAvatarMutation();

  useEffect(() => {
    if (preview === null) return undefined;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setPreview({ url: URL.createObjectURL(file), over: avatar });
    setProgress(0);
    const result = await uploadRaw<{ avatar: string }>(
      '/api/user/avatar',
      file,
      file.type || 'application/octet-stream',
      setProgress,
    );
    setProgress(null);
    if (!result.ok) {
      setPreview(null);
      showToast({ severity: 'error', summary: result.error.message });
      return;
    }
    dispatch(baseApi.util.invalidateTags(['Profile', 'User']));
    showToast({ severity: 'success', summary: t('profile.avatar_uploaded') });
  };

  const shown = preview !== null && preview.over === avatar ? preview.url : (avatar ?? kDefaultAvatar);
  return (
    <div className="avatar-editor">
      <img className="avatar-large" src={shown} alt={t('profile.avatar_alt')} width={96} height={96} />
      <div className="avatar-actions">
        <input
          ref={input}
          id="avatar-file"
          className="visually-hidden"
          type="file"
          accept={kAccepted}
          onChange={(event) => void onFile(event)}
        />
        <Button
          type="button"
          icon="pi pi-upload"
          label={t('profile.avatar_choose')}
          outlined
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        />
        {avatar !== null && (
          <Button
            type="button"
            icon="pi pi-trash"
            label={t('profile.avatar_remove')}
            text
            severity="danger"
            loading={deleting}
            disabled={progress !== null}
            onClick={() => {
              setPreview(null);
              void deleteAvatar();
            }}
          />
        )}
        <small className="muted">{t('profile.avatar_hint')}</small>
        {progress !== null && (
          <ProgressBar
            value={Math.round(progress)}
            aria-label={t('profile.avatar_uploading')}
            style={{ height: '6px' }}
            showValue={false}
          />
        )}
      </div>
    </div>
  );
}
