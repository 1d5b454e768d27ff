// The audit log's before/after as a compact list of changed fields: a top-level key whose value differs (JSON
// equality). A create (before null) lists every field of after, a delete every field of before.
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function showValue(value: unknown): string | null {
  if (value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    const same = JSON.stringify(before ?? null) === JSON.stringify(after ?? null);
    return same
      ? []
      : [{ field: '', before: showValue(before ?? undefined), after: showValue(after ?? undefined) }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: showValue(from[field]), after: showValue(to[field]) }));
}
