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

// A number with the language's decimal sign ("4,0" in ru, "4.0" in en), `digits` after it.
export function formatNumber(value: number, language: string, digits = 0): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

// A file size in the language's units and decimal sign ("1,5 МБ", "1.5 MB").
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit, digits] =
    bytes < 1024
      ? [bytes, 'byte', 0]
      : bytes < 1024 * 1024
        ? [bytes / 1024, 'kilobyte', 0]
        : [bytes / 1024 / 1024, 'megabyte', 1];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);
}

// Text put inside the language's quotes has its own quotes turned into the inner pair, so a title with quotes
// reads «Лендинг „Кофе“» and “Landing ‘Coffee’” rather than «Лендинг «Кофе»».
export function innerQuotes(text: string, language: string): string {
  return language === 'ru'
    ? text.replace(/«/g, '„').replace(/»/g, '“')
    : text.replace(/“/g, '‘').replace(/”/g, '’');
}
