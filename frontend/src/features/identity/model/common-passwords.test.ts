import {
  isCommonPassword,
  loadCommonPasswords,
  parseCommonPasswords,
} from '@/features/identity/model/common-passwords';

describe('common passwords', () => {
  it("loads the server's list and compares in lower case", async () => {
    const list = await loadCommonPasswords();
    expect(list.size).toBeGreaterThan(1000);
    expect(isCommonPassword(list, 'PASSWORD1!')).toBe(true);
    expect(isCommonPassword(list, 'Otter#Lantern42')).toBe(false);
  });

  it('reads one entry a line, as the server does', () => {
    expect([...parseCommonPasswords('a\r\nb\n\nc\n')]).toEqual(['a', 'b', 'c']);
  });
});
