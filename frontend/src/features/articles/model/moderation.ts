import type { ModerationReason } from '@/features/articles/model/types';

export const kModerationReasons = [
  'spam',
  'offensive',
  'plagiarism',
  'off_topic',
  'low_quality',
  'rules',
] as const satisfies readonly ModerationReason[];

export interface ModerationErrors {
  reason?: 'reason_required';
  comment?: 'comment_required' | 'comment_length';
}

// SPEC §5: returning or blocking an article takes a reason AND a comment (1–2000 characters), as the server checks.
export function checkModeration(reason: ModerationReason | null, comment: string): ModerationErrors {
  const errors: ModerationErrors = {};
  if (reason === null) errors.reason = 'reason_required';
  const text = comment.trim();
  if (text === '') errors.comment = 'comment_required';
  else if (text.length > 2000) errors.comment = 'comment_length';
  return errors;
}
