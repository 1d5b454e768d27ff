import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';

import { FieldError } from '@/components/field-error';
import {
  formatInterviewTime,
  kInterviewFormats,
  showsInterview,
  type InterviewDraft,
  type InterviewFormatName,
} from '@/features/hiring/model/interview';
import type { Response } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';

export interface InterviewFieldsProps {
  id: string;
  draft: InterviewDraft;
  onChange: (draft: InterviewDraft) => void;
  // The field errors of the last answer, by field (interview_at, interview_format, …).
  errorOf: (field: string) => string | undefined;
  // The interview action's own message; an invitation's message is its letter.
  withMessage: boolean;
}

// The interview's details: the day and the time, the format, the place and (the interview action) a message.
// Shared by the responses list's "Invite to an interview" and the resume's invitation.
export function InterviewFields({ id, draft, onChange, errorOf, withMessage }: InterviewFieldsProps) {
  const { t } = useTranslation('hiring');
  const set = (patch: Partial<InterviewDraft>) => onChange({ ...draft, ...patch });
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const placeLabel =
    draft.format === 'in_person'
      ? t('interview.address')
      : draft.format === 'online'
        ? t('interview.link')
        : t('interview.phone_note');
  return (
    <div className="interview-fields" data-testid="interview-fields">
      <div className="interview-when">
        <div className="interview-field">
          <label className="field-label" htmlFor={`${id}-day`}>
            {t('interview.day')}
          </label>
          <Calendar
            inputId={`${id}-day`}
            value={draft.day}
            minDate={today}
            invalid={errorOf('interview_at') !== undefined}
            onChange={(event) => set({ day: event.value ?? null })}
          />
        </div>
        <div className="interview-field">
          <label className="field-label" htmlFor={`${id}-time`}>
            {t('interview.time')}
          </label>
          <Calendar
            inputId={`${id}-time`}
            value={draft.time}
            timeOnly
            hourFormat="24"
            stepMinute={5}
            onChange={(event) => set({ time: event.value ?? null })}
          />
        </div>
      </div>
      <FieldError message={errorOf('interview_at')} />
      <label className="field-label" htmlFor={`${id}-format`}>
        {t('interview.format')}
      </label>
      <Dropdown
        inputId={`${id}-format`}
        value={draft.format}
        placeholder={t('interview.format_choose')}
        options={kInterviewFormats.map((value) => ({ value, label: t(`interview.formats.${value}`) }))}
        invalid={errorOf('interview_format') !== undefined}
        data-testid="interview-format"
        onChange={(event) => set({ format: event.value as InterviewFormatName })}
      />
      <FieldError message={errorOf('interview_format')} />
      <label className="field-label" htmlFor={`${id}-place`}>
        {placeLabel}
      </label>
      <InputText
        id={`${id}-place`}
        maxLength={300}
        value={draft.place}
        invalid={errorOf('interview_place') !== undefined}
        placeholder={draft.format === 'online' ? 'https://' : undefined}
        onChange={(event) => set({ place: event.target.value })}
      />
      <FieldError message={errorOf('interview_place')} />
      {withMessage && (
        <>
          <label className="field-label" htmlFor={`${id}-message`}>
            {t('interview.message')}
          </label>
          <InputTextarea
            id={`${id}-message`}
            rows={4}
            maxLength={3000}
            value={draft.message}
            onChange={(event) => set({ message: event.target.value })}
          />
          <FieldError message={errorOf('interview_message')} />
        </>
      )}
    </div>
  );
}

// "Interview: 3 December, 14:00, online — link" for either side.
export function InterviewSummary({ response }: { response: Response }) {
  const { t } = useTranslation('hiring');
  const lang = useLanguage();
  if (!showsInterview(response)) return null;
  const place = response.interview_place;
  const format = response.interview_format;
  return (
    <div className="interview-summary" data-testid="response-interview">
      <p>
        <i className="pi pi-calendar" aria-hidden="true" /> <strong>{t('interview.label')}</strong>{' '}
        {formatInterviewTime(response.interview_at, lang)}
        {format !== null && `, ${t(`interview.formats.${format}`)}`}
        {place !== null && (
          <>
            {' — '}
            {format === 'online' && /^https?:\/\//.test(place) ? (
              <a href={place} target="_blank" rel="noopener noreferrer">
                {place}
              </a>
            ) : (
              place
            )}
          </>
        )}
      </p>
      {response.interview_message !== null && response.interview_message !== '' && (
        <p className="muted">{response.interview_message}</p>
      )}
    </div>
  );
}
