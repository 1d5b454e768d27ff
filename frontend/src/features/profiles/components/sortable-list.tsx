import { Button } from 'primereact/button';
import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { inOrder, moveBy, moveItem } from '@/features/profiles/model/reorder';

export interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  // The owner may reorder; everybody else sees the plain list.
  sortable: boolean;
  name: (item: T) => string;
  // Saves the new order (all ids); the list shows it at once.
  onOrder: (ids: number[]) => void;
  render: (item: T) => ReactNode;
  className?: string;
  testId?: string;
}

// A list the owner reorders by dragging an item onto another's place (HTML drag and drop) or with the move
// up/down buttons (the keyboard's and a phone's way).
export function SortableList<T extends { id: number }>({
  items,
  sortable,
  name,
  onOrder,
  render,
  className,
  testId,
}: SortableListProps<T>) {
  const { t } = useTranslation('profiles');
  // The order shown while the server saves it; a new list from the server replaces it.
  const [pending, setPending] = useState<{ items: readonly T[]; ids: number[] } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const order = pending !== null && pending.items === items ? pending.ids : null;
  const shown = inOrder(items, order);
  const ids = shown.map((item) => item.id);
  const save = (next: number[] | null) => {
    if (next === null) return;
    setPending({ items, ids: next });
    onOrder(next);
  };
  const drop = (event: DragEvent, target: number) => {
    event.preventDefault();
    event.stopPropagation();
    if (dragged === null) return;
    const from = ids.indexOf(dragged);
    const to = ids.indexOf(target);
    setDragged(null);
    if (from < 0 || to < 0 || from === to) return;
    save(moveItem(ids, from, to));
  };
  return (
    <ul className={['sortable-list', className].filter(Boolean).join(' ')} data-testid={testId}>
      {shown.map((item, index) => (
        <li
          key={item.id}
          className={dragged === item.id ? 'sortable-item dragging' : 'sortable-item'}
          draggable={sortable}
          data-sortable-id={item.id}
          onDragStart={(event) => {
            if (!sortable) return;
            event.stopPropagation();
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(item.id));
            setDragged(item.id);
          }}
          onDragOver={(event) => {
            if (dragged === null || !ids.includes(dragged)) return;
            event.preventDefault();
            event.stopPropagation();
          }}
          onDrop={(event) => drop(event, item.id)}
          onDragEnd={() => setDragged(null)}
        >
          {render(item)}
          {sortable && shown.length > 1 && (
            <div className="sortable-moves">
              <span
                className="pi pi-bars sortable-handle"
                aria-hidden="true"
                title={t('portfolio.drag', { name: name(item) })}
              />
              <Button
                type="button"
                icon="pi pi-arrow-up"
                text
                rounded
                size="small"
                disabled={index === 0}
                aria-label={t('portfolio.move_up', { name: name(item) })}
                onClick={() => save(moveBy(ids, item.id, -1))}
              />
              <Button
                type="button"
                icon="pi pi-arrow-down"
                text
                rounded
                size="small"
                disabled={index === shown.length - 1}
                aria-label={t('portfolio.move_down', { name: name(item) })}
                onClick={() => save(moveBy(ids, item.id, 1))}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
