// Dates and names as every screen shows them, in the interface language.

export function formatDate(iso: string, language: string): string {
  return format(iso, language, { dateStyle: 'medium' });
}

export function formatDateTime(iso: string, language: string): string {
  return format(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
}

// An unreadable value is shown as it came rather than breaking the screen.
function format(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, options).format(date);
}

export function fullName(user: { name: string; lastname: string | null }): string {
  return [user.name, user.lastname ?? ''].filter((part) => part !== '').join(' ');
}
