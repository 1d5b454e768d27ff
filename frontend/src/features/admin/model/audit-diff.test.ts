import { auditChanges } from '@/features/admin/model/audit-diff';

describe('audit diff', () => {
  it('lists only the fields that changed, nested values as JSON', () => {
    const before = { status: 'moderation', title: 'A', tags: ['x'], blocked: null };
    const after = { status: 'blocked', title: 'A', tags: ['x', 'y'], blocked: { reason: 'spam' } };
    expect(auditChanges(before, after)).toEqual([
      { field: 'status', before: 'moderation', after: 'blocked' },
      { field: 'tags', before: '["x"]', after: '["x","y"]' },
      { field: 'blocked', before: 'null', after: '{"reason":"spam"}' },
    ]);
  });

  it('a create lists every field of after; a delete every field of before', () => {
    expect(auditChanges(null, { code: 'a' })).toEqual([{ field: 'code', before: null, after: 'a' }]);
    expect(auditChanges({ code: 'a' }, null)).toEqual([{ field: 'code', before: 'a', after: null }]);
  });

  it('scalars compare as a whole; equal ones are no change', () => {
    expect(auditChanges(1, 2)).toEqual([{ field: '', before: '1', after: '2' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
