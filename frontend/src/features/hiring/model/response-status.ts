import type { ResponseCounts, ResponseStatus, ResponseTransition } from '@/lib/api/schema.generated';

// The response pipeline's tabs, in the order of the state machine (docs/architecture.md, "Jobs").
export const kStatuses: readonly ResponseStatus[] = [
  'response',
  'viewed',
  'interview',
  'offer',
  'hired',
  'discarded',
  'withdrawn',
];

export function statusOf(value: string | null): ResponseStatus | undefined {
  return kStatuses.find((status) => status === value);
}

export function countOf(
  counts: ResponseCounts | undefined,
  status: ResponseStatus | undefined,
): number | null {
  if (counts === undefined) return null;
  return status === undefined ? counts.total : counts[status];
}

// The buttons a side shows, in this order; `view` is taken by opening the response, never by a button.
export const kButtons: readonly ResponseTransition[] = [
  'interview',
  'offer',
  'hire',
  'discard',
  'withdraw',
  'reapply',
];
