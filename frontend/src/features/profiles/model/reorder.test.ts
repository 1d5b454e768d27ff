import { inOrder, moveBy, moveItem } from '@/features/profiles/model/reorder';

describe('reordering', () => {
  it('moves an item from one place to another (a drag)', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });

  it('moves one step up or down, and says when there is nothing to move', () => {
    expect(moveBy([10, 20, 30], 20, -1)).toEqual([20, 10, 30]);
    expect(moveBy([10, 20, 30], 20, 1)).toEqual([10, 30, 20]);
    expect(moveBy([10, 20, 30], 10, -1)).toBeNull();
    expect(moveBy([10, 20, 30], 30, 1)).toBeNull();
    expect(moveBy([10, 20, 30], 99, 1)).toBeNull();
  });

  it('shows the items in a pending order', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(inOrder(items, [3, 1, 2]).map((item) => item.id)).toEqual([3, 1, 2]);
    expect(inOrder(items, null).map((item) => item.id)).toEqual([1, 2, 3]);
  });
});
