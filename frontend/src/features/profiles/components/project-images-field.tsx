import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import {
  addImages,
  kMaxImages,
  removeImage,
  setCover,
  type DraftImage,
} from '@/features/profiles/model/project-draft';
import type { PortfolioUpload } from '@/lib/api/schema.generated';
import { uploadRaw } from '@/lib/api/upload';

export interface ProjectImagesFieldProps {
  value: DraftImage[];
  onChange: (next: DraftImage[]) => void;
  error?: string;
}

// A project's images: each chosen file goes to POST /api/portfolio/images as the raw body (with progress); the
// server's 415 (not an image), 413 (too large) and 422 messages show under the field, per file. The owner picks
// the cover and removes images; at most kMaxImages.
export function ProjectImagesField({ value, onChange, error }: ProjectImagesFieldProps) {
  const { t } = useTranslation('profiles');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const errors: string[] = [];
    let next = value;
    for (const file of files) {
      if (next.length >= kMaxImages) {
        errors.push(t('portfolio.images_max', { count: kMaxImages }));
        break;
      }
      setUploading({ name: file.name, percent: 0 });
      const result = await uploadRaw<PortfolioUpload>(
        '/api/portfolio/images',
        file,
        file.type === '' ? 'application/octet-stream' : file.type,
        (percent) => setUploading({ name: file.name, percent: Math.round(percent) }),
        'POST',
      );
      if (result.ok) {
        next = addImages(next, [
          { id: result.data.id, thumbnail_url: result.data.thumbnail_url, cover: false },
        ]);
        onChange(next);
      } else {
        const first = Object.values(result.error.errors ?? {})[0]?.[0];
        errors.push(`${file.name}: ${first ?? result.error.message}`);
      }
    }
    setUploading(null);
    setProblems(errors);
  };

  return (
    <div className="field">
      <span className="field-label">{t('portfolio.images')}</span>
      {value.length > 0 && (
        <ul className="project-images-edit" data-testid="project-images-edit">
          {value.map((image) => (
            <li key={image.id} className={image.cover ? 'is-cover' : undefined}>
              <img src={image.thumbnail_url} alt="" width={160} height={120} />
              <div className="project-image-actions">
                {image.cover ? (
                  <span className="cover-badge" data-testid="cover-badge">
                    {t('portfolio.cover')}
                  </span>
                ) : (
                  <Button
                    type="button"
                    text
                    size="small"
                    icon="pi pi-image"
                    label={t('portfolio.make_cover')}
                    onClick={() => onChange(setCover(value, image.id))}
                    data-testid="make-cover"
                  />
                )}
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  rounded
                  size="small"
                  severity="danger"
                  aria-label={t('portfolio.remove_image')}
                  onClick={() => onChange(removeImage(value, image.id))}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        className="visually-hidden"
        data-testid="project-images-input"
        onChange={(event) => void onFiles(event)}
      />
      <div>
        <Button
          type="button"
          outlined
          icon="pi pi-upload"
          label={t('portfolio.add_images')}
          loading={uploading !== null}
          disabled={value.length >= kMaxImages}
          onClick={() => input.current?.click()}
        />
      </div>
      {uploading !== null && (
        <div className="upload-progress" role="status">
          {t('portfolio.uploading', { name: uploading.name, percent: uploading.percent })}
          <ProgressBar value={uploading.percent} showValue={false} style={{ height: '0.4rem' }} />
        </div>
      )}
      <div className="field-hint">{t('portfolio.images_hint')}</div>
      {[...problems, ...(error === undefined ? [] : [error])].map((message) => (
        <small key={message} className="field-error" role="alert">
          {message}
        </small>
      ))}
    </div>
  );
}
