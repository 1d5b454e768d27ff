// Ids in employer, vacancy, resume (and settings) routes are digits only (SPEC §2); anything else is a 404.
export function isDigitId(value: string | undefined): value is string {
  return value !== undefined && /^[0-9]+$/.test(value);
}
