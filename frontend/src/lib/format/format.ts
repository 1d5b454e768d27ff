// Dates and names as every screen shows them, in the interface language.

export function formatDate(iso: string, language: string): string {
  return format(iso, language, { dateStyle: 'medium' });
}

export function formatDateTime(iso: string, language: string): string {
  return format(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
}

// A day with its month and a 24-hour time, "3 December, 14:00" / "3 декабря, 14:00" (the month in the
// genitive in Russian; the year only when it is not this one), in the viewer's time zone: an appointment.
export function formatDayTime(iso: string, language: string, now: Date = new Date()): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  const locale = language === 'ru' ? 'ru-RU' : 'en-GB';
  const day = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(moment.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(moment);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(moment);
  return `${day}, ${time}`;
}

// An unreadable value is shown as it came rather than breaking the screen.
function format(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, options).format(date);
}

const kSteps: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

// How long ago (or how soon) a moment is, in the interface language: "2 часа назад", "вчера", "this minute",
// "in 3 hours". Rounded down to the largest whole unit, as people say it.
export function formatRelative(iso: string, language: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const sign = time < now ? -1 : 1;
  let amount = Math.floor(Math.abs(now - time) / 1000);
  // Under a minute is "this minute" rather than a count of seconds.
  if (amount < 60) return format.format(0, 'minute');
  for (const [unit, size] of kSteps) {
    if (amount < size) return format.format(sign * amount, unit);
    amount = Math.floor(amount / size);
  }
  return format.format(sign * amount, 'year');
}

// Time left until a moment, as "23 ч 15 мин" / "23 h 15 min" (hours and minutes; 0 when past).
export function formatTimeLeft(iso: string, language: string, now: number = Date.now()): string {
  const left = Math.max(0, new Date(iso).getTime() - now);
  const minutes = Math.floor(left / 60_000);
  const hours = Math.floor(minutes / 60);
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  return hours > 0 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(minutes % 60, 'minute');
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
