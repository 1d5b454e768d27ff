import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { useCreateHelpTicketMutation } from '@/features/help/api/help-api';
import { HelpFrame } from '@/features/help/components/help-frame';
import {
  checkSupportDraft,
  kMaxAttachments,
  kMessageMax,
  kSubjectMax,
  kTopics,
  toTicketInput,
  type SupportDraft,
  type SupportProblem,
} from '@/features/help/model/support-draft';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import type { HelpUpload } from '@/lib/api/schema.generated';
import { uploadRaw } from '@/lib/api/upload';
import { formatFileSize } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { useViewer } from '@/lib/session/viewer';

const kEmptyDraft: SupportDraft = { topic: 'account', subject: '', message: '', email: '' };

type Outcome = 'none' | 'sent' | 'failed' | 'rate_limited';

export default function SupportPage() {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  useDocumentTitle(t('support.title'));
  const viewer = useViewer();
  const guest = viewer.status !== 'Authenticated';
  const topicId = useId();
  const [draft, setDraft] = useState<SupportDraft>(kEmptyDraft);
  const [checked, setChecked] = useState(false);
  const [attachments, setAttachments] = useState<HelpUpload[]>([]);
  const [uploading, setUploading] = useState<string[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>('none');
  const [create, creating] = useCreateHelpTicketMutation();
  const problems = checkSupportDraft(draft, guest);
  const server = fieldErrors(creating.error);
  const problemText = (problem: SupportProblem | undefined): string | undefined => {
    if (!checked || problem === undefined) return undefined;
    if (problem.kind === 'required') return t('support.required');
    if (problem.kind === 'email') return t('support.email_invalid');
    return t('support.too_short', { count: problem.min });
  };
  const errorOf = (field: keyof SupportDraft) => problemText(problems[field]) ?? serverError(server, field);
  const set = (field: keyof SupportDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const upload = async (file: File) => {
    setUploading((current) => [...current, file.name]);
    const result = await uploadRaw<HelpUpload>(
      `/api/help/attachments?name=${encodeURIComponent(file.name)}`,
      file,
      file.type === '' ? 'application/octet-stream' : file.type,
      () => undefined,
      'POST',
    );
    setUploading((current) => current.filter((name) => name !== file.name));
    if (result.ok) setAttachments((current) => [...current, result.data].slice(0, kMaxAttachments));
    else setUploadError(`${file.name}: ${result.error.message}`);
  };
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    setUploadError(null);
    const room = kMaxAttachments - attachments.length - uploading.length;
    for (const file of Array.from(event.target.files ?? []).slice(0, Math.max(room, 0))) void upload(file);
    event.target.value = '';
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length > 0 || uploading.length > 0) return;
    const result = await create({
      helpTicketInput: toTicketInput(draft, guest, attachments),
    });
    if ('data' in result) {
      setOutcome('sent');
      setDraft(kEmptyDraft);
      setAttachments([]);
      setChecked(false);
      return;
    }
    const status = errorStatus(result.error);
    setOutcome(status === 429 ? 'rate_limited' : status === 422 ? 'none' : 'failed');
  };

  if (outcome === 'sent') {
    return (
      <HelpFrame>
        <section className="card help-support" data-testid="support-sent">
          <h1>{t('support.title')}</h1>
          <FormAlert severity="success">{t('support.sent')}</FormAlert>
          <Button
            type="button"
            outlined
            label={t('support.send_another')}
            onClick={() => setOutcome('none')}
          />
        </section>
      </HelpFrame>
    );
  }

  const full = attachments.length + uploading.length >= kMaxAttachments;
  return (
    <HelpFrame>
      <section className="card help-support">
        <h1>{t('support.title')}</h1>
        <p className="muted">{t('support.lead')}</p>
        {outcome === 'failed' && (
          <FormAlert severity="error">
            <span data-testid="support-failed">{t('support.failed')}</span>
          </FormAlert>
        )}
        {outcome === 'rate_limited' && (
          <FormAlert severity="error">
            <span data-testid="support-rate-limited">{t('support.rate_limited')}</span>
          </FormAlert>
        )}
        <form className="form-grid" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="field">
            <label htmlFor={topicId}>{t('support.topic')}</label>
            <Dropdown
              inputId={topicId}
              value={draft.topic}
              options={kTopics.map((topic) => ({ value: topic, label: t(`support.topics.${topic}`) }))}
              onChange={(event) => set('topic')(event.value as string)}
              data-testid="support-topic"
            />
          </div>
          {guest ? (
            <TextField
              label={t('support.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={draft.email}
              onChange={set('email')}
              hint={t('support.email_hint')}
              error={errorOf('email')}
              id="support-email"
            />
          ) : (
            <p className="muted small" data-testid="support-signed-in">
              {t('support.signed_in_hint')}
            </p>
          )}
          <TextField
            label={t('support.subject')}
            name="subject"
            required
            maxLength={kSubjectMax}
            value={draft.subject}
            onChange={set('subject')}
            error={errorOf('subject')}
            id="support-subject"
          />
          <TextField
            label={t('support.message')}
            name="message"
            required
            rows={6}
            maxLength={kMessageMax}
            value={draft.message}
            onChange={set('message')}
            error={errorOf('message')}
            id="support-message"
          />
          <div className="field">
            <span className="field-label">{t('support.attachments')}</span>
            {(attachments.length > 0 || uploading.length > 0) && (
              <ul className="help-files">
                {attachments.map((item) => (
                  <li key={item.id} data-testid="support-file">
                    <span className="pi pi-paperclip" aria-hidden="true" />
                    <span className="help-file-name">{item.name}</span>
                    <span className="muted small">{formatFileSize(item.size, lang)}</span>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('support.remove', { name: item.name })}
                      onClick={() => setAttachments((current) => current.filter((one) => one.id !== item.id))}
                    >
                      <span className="pi pi-times" aria-hidden="true" />
                    </button>
                  </li>
                ))}
                {uploading.map((name) => (
                  <li key={`u-${name}`} className="muted">
                    <span className="pi pi-spin pi-spinner" aria-hidden="true" />
                    <span className="help-file-name">{t('support.uploading', { name })}</span>
                  </li>
                ))}
              </ul>
            )}
            <label className={`p-button p-button-outlined p-button-sm${full ? ' p-disabled' : ''}`}>
              <span className="pi pi-paperclip" aria-hidden="true" />
              <span className="p-button-label">{t('support.attach')}</span>
              <input
                type="file"
                multiple
                className="visually-hidden"
                disabled={full}
                onChange={onFiles}
                data-testid="support-files"
              />
            </label>
            <small className="muted">{t('support.attachments_hint', { count: kMaxAttachments })}</small>
            {uploadError !== null && <small className="field-error">{uploadError}</small>}
          </div>
          <div className="form-actions">
            <Button
              type="submit"
              label={t('support.send')}
              icon="pi pi-send"
              loading={creating.isLoading}
              disabled={uploading.length > 0}
              data-testid="support-send"
            />
          </div>
        </form>
      </section>
    </HelpFrame>
  );
}
