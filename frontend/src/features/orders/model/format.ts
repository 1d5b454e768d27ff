export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function fullName(user: { name: string; lastname: string | null }): string {
  return [user.name, user.lastname ?? ''].filter((part) => part !== '').join(' ');
}
