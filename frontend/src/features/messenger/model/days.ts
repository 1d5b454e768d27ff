// The chat's day separators: the local calendar day of a message, and how a day reads above its first message
// ("Today", "Yesterday", "27 November"; the year only when it is not the current one).

export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

export function dayLabel(
  iso: string,
  language: string,
  words: { today: string; yesterday: string },
  now: Date = new Date(),
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(iso) === dayKey(now.toISOString())) return words.today;
  if (dayKey(iso) === dayKey(yesterday.toISOString())) return words.yesterday;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

// The messages' indexes that open a new day (the first one always does).
export function dayStarts(times: readonly string[]): Set<number> {
  const starts = new Set<number>();
  times.forEach((time, index) => {
    if (index === 0 || dayKey(time) !== dayKey(times[index - 1] ?? time)) starts.add(index);
  });
  return starts;
}
