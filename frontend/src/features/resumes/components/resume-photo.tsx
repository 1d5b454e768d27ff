import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useDeleteResumePhotoMutation } from '@/features/resumes/api/resumes-api';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { baseApi } from '@/lib/api/base-api';
import type { Resume } from '@/lib/api/schema.generated';
import { uploadRaw } from '@/lib/api/upload';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { showToast } from '@/lib/toast/toast-store';

const kAccepted = 'image/png,image/jpeg,image/webp,image/gif';

// The resume's photo on its edit form: the raw image PUT with progress (as the avatar), or removed.
export function ResumePhoto({ resume }: { resume: Resume }) {
  const { t } = useTranslation('resumes');
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removePhoto, { isLoading: removing }] = useDeleteResumePhotoMutation();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setProgress(0);
    const result = await uploadRaw<Resume>(
      `/api/resumes/${resume.id}/photo`,
      file,
      file.type || 'application/octet-stream',
      setProgress,
    );
    setProgress(null);
    if (!result.ok) {
      showToast({ severity: 'error', summary: result.error.message });
      return;
    }
    dispatch(baseApi.util.invalidateTags([{ type: 'Resume', id: resume.id }]));
    showToast({ severity: 'success', summary: t('form.photo_uploaded') });
  };
  return (
    <div className="avatar-editor resume-photo">
      <img
        className="avatar-large"
        src={resume.photo?.thumbnail_url ?? kDefaultAvatar}
        alt={t('form.photo')}
        width={96}
        height={96}
      />
      <div className="avatar-actions">
        <input
          ref={input}
          id="resume-photo-file"
          className="visually-hidden"
          type="file"
          accept={kAccepted}
          onChange={(event) => void onFile(event)}
        />
        <Button
          type="button"
          icon="pi pi-upload"
          label={t('form.photo_choose')}
          outlined
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        />
        {resume.photo !== null && (
          <Button
            type="button"
            icon="pi pi-trash"
            label={t('form.photo_remove')}
            text
            severity="danger"
            loading={removing}
            disabled={progress !== null}
            onClick={() => void removePhoto({ id: resume.id })}
          />
        )}
        {progress !== null && (
          <ProgressBar value={Math.round(progress)} style={{ height: '6px' }} showValue={false} />
        )}
      </div>
    </div>
  );
}
