import { payloadId, refreshOnNotification, tagsForNotification } from '@/lib/realtime/live-tags';

describe('live tags', () => {
  it("gives the registered feature's tags for a notification, with ids from its payload", () => {
    refreshOnNotification(['test_kind'], ({ payload }) => [
      { type: 'Order', id: payloadId(payload, 'order_id') ?? 'LIST' },
    ]);
    expect(tagsForNotification({ notification: { kind: 'test_kind', payload: { order_id: 7 } } })).toEqual([
      { type: 'Order', id: 7 },
    ]);
    expect(tagsForNotification({ notification: { kind: 'test_kind', payload: { order_id: '7' } } })).toEqual([
      { type: 'Order', id: 'LIST' },
    ]);
  });

  it('gives nothing for a kind nobody registered or data that is not a notification', () => {
    expect(tagsForNotification({ notification: { kind: 'unknown_kind', payload: {} } })).toEqual([]);
    expect(tagsForNotification(null)).toEqual([]);
    expect(tagsForNotification({ notification: { payload: {} } })).toEqual([]);
    expect(tagsForNotification('text')).toEqual([]);
  });
});
