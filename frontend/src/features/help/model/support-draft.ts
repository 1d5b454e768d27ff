import type { HelpTicketInput, HelpTopic, HelpUpload } from '@/lib/api/schema.generated';

export const kTopics: readonly HelpTopic[] = ['account', 'orders', 'payments', 'jobs', 'bug', 'other'];
export const kMaxAttachments = 5;
export const kSubjectMin = 3;
export const kSubjectMax = 200;
export const kMessageMin = 10;
export const kMessageMax = 5000;

export interface SupportDraft {
  topic: HelpTopic;
  subject: string;
  message: string;
  email: string;
}

export type SupportProblem = { kind: 'required' } | { kind: 'too_short'; min: number } | { kind: 'email' };

// The form's own check before sending, with the server's limits (the server checks again: 422).
export function checkSupportDraft(
  draft: SupportDraft,
  guest: boolean,
): Partial<Record<keyof SupportDraft, SupportProblem>> {
  const problems: Partial<Record<keyof SupportDraft, SupportProblem>> = {};
  const subject = draft.subject.trim();
  const message = draft.message.trim();
  if (subject === '') problems.subject = { kind: 'required' };
  else if ([...subject].length < kSubjectMin) problems.subject = { kind: 'too_short', min: kSubjectMin };
  if (message === '') problems.message = { kind: 'required' };
  else if ([...message].length < kMessageMin) problems.message = { kind: 'too_short', min: kMessageMin };
  if (guest) {
    const email = draft.email.trim();
    if (email === '') problems.email = { kind: 'required' };
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.email = { kind: 'email' };
  }
  return problems;
}

export type SupportUpload = Pick<HelpUpload, 'id' | 'upload_token'>;

// A guest's uploads are bound to the tokens their uploads answered with, not to the address (a shared NAT);
// a signed-in user's to the account, so a user sends none.
export function toTicketInput(
  draft: SupportDraft,
  guest: boolean,
  uploads: readonly SupportUpload[],
): HelpTicketInput {
  const input: HelpTicketInput = {
    topic: draft.topic,
    subject: draft.subject.trim(),
    message: draft.message.trim(),
    email: guest ? draft.email.trim() : null,
    attachment_ids: uploads.map((upload) => upload.id),
  };
  if (guest) {
    input.upload_tokens = uploads.flatMap((upload) =>
      upload.upload_token === null ? [] : [upload.upload_token],
    );
  }
  return input;
}
