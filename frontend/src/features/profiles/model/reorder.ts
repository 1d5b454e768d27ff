// Reordering the owner's lists (groups, projects of a group, prices): the list after a drag from one place to
// another, or after "move up/down" (the keyboard's way); the server takes the whole list of ids in the new order.

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
}

// One step up (-1) or down (+1); null when the item is already at that end (nothing to send).
export function moveBy(ids: readonly number[], id: number, delta: -1 | 1): number[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  return moveItem(ids, from, to);
}

// The items in the order of `ids` (an optimistic order shown while the server saves it); items not listed keep
// their place at the end.
export function inOrder<T extends { id: number }>(items: readonly T[], ids: readonly number[] | null): T[] {
  if (ids === null) return [...items];
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items].sort(
    (a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
}
