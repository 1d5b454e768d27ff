import type { LandingPageInput } from '@/features/marketing/api/landing-pages-api';

export type LandingInputError = 'code_format' | 'title_required' | 'cta_required';

// The server's rules the form checks before sending: code ^[a-z0-9-]{2,64}$, a title and a button label.
export const kCodePattern = /^[a-z0-9-]{2,64}$/;

export function checkLandingInput(
  input: LandingPageInput,
): Partial<Record<keyof LandingPageInput, LandingInputError>> {
  const errors: Partial<Record<keyof LandingPageInput, LandingInputError>> = {};
  if (!kCodePattern.test(input.code.trim())) errors.code = 'code_format';
  if (input.title.trim() === '') errors.title = 'title_required';
  if (input.cta.trim() === '') errors.cta = 'cta_required';
  return errors;
}
