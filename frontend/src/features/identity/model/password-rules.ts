// SPEC §5 password rules, checked live as the user types; the server checks them again (and more).
export type PasswordRule = 'length' | 'lower' | 'upper' | 'digit' | 'special';

export const kPasswordMinLength = 8;

const kChecks: Record<PasswordRule, (password: string) => boolean> = {
  length: (password) => [...password].length >= kPasswordMinLength,
  lower: (password) => /\p{Ll}/u.test(password),
  upper: (password) => /\p{Lu}/u.test(password),
  digit: (password) => /\p{Nd}/u.test(password),
  special: (password) => /[^\p{L}\p{Nd}\s]/u.test(password),
};

export const kPasswordRules: readonly PasswordRule[] = ['length', 'lower', 'upper', 'digit', 'special'];

export function checkPassword(password: string): Record<PasswordRule, boolean> {
  return {
    length: kChecks.length(password),
    lower: kChecks.lower(password),
    upper: kChecks.upper(password),
    digit: kChecks.digit(password),
    special: kChecks.special(password),
  };
}

export function passwordSatisfiesRules(password: string): boolean {
  return Object.values(checkPassword(password)).every(Boolean);
}
