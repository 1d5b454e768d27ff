import type { InterviewFormat, Response, ResponseActionInput } from '@/lib/api/schema.generated';
import { formatDayTime } from '@/lib/format/format';

export type InterviewFormatName = NonNullable<InterviewFormat>;

export const kInterviewFormats: InterviewFormatName[] = ['online', 'in_person', 'phone'];

// The interview's details as the dialog holds them: a day and a time of day (two calendars), the format, the
// place (an address, a meeting link or a phone note) and a message.
export interface InterviewDraft {
  day: Date | null;
  time: Date | null;
  format: InterviewFormatName | null;
  place: string;
  message: string;
}

export function emptyInterview(): InterviewDraft {
  const time = new Date();
  time.setHours(10, 0, 0, 0);
  return { day: null, time, format: null, place: '', message: '' };
}

// The day at the time of day, in the browser's time zone.
export function interviewMoment(draft: InterviewDraft): Date | null {
  if (draft.day === null) return null;
  const moment = new Date(draft.day);
  moment.setHours(draft.time?.getHours() ?? 0, draft.time?.getMinutes() ?? 0, 0, 0);
  return moment;
}

// Whether the person began filling the details in (an invitation's are optional).
export function interviewStarted(draft: InterviewDraft): boolean {
  return draft.day !== null || draft.format !== null || draft.place.trim() !== '';
}

// The request's fields (the server checks them all and answers field errors on interview_*).
export function interviewBody(
  draft: InterviewDraft,
  withMessage: boolean,
): Pick<ResponseActionInput, 'interview_at' | 'interview_format' | 'interview_place' | 'interview_message'> {
  const moment = interviewMoment(draft);
  const body: ReturnType<typeof interviewBody> = {
    interview_at: moment === null ? null : moment.toISOString(),
    interview_format: draft.format,
    interview_place: draft.place.trim() === '' ? null : draft.place.trim(),
  };
  if (withMessage) body.interview_message = draft.message.trim() === '' ? null : draft.message.trim();
  return body;
}

// "3 December, 14:00" / "3 декабря, 14:00": the shared appointment format.
export const formatInterviewTime = formatDayTime;

// Whether a response shows its interview: details given and the interview still ahead in the pipeline.
export function showsInterview(response: Response): response is Response & { interview_at: string } {
  return response.interview_at !== null && (response.status === 'interview' || response.status === 'offer');
}
