import { isDigitId } from '@/lib/routing/digit-id';

describe('isDigitId', () => {
  it.each(['0', '7', '123456789012'])('accepts %s', (value) => {
    expect(isDigitId(value)).toBe(true);
  });

  it.each(['', 'abc', '12a', '-1', '1.5', ' 1', '١٢', undefined])('rejects %s', (value) => {
    expect(isDigitId(value)).toBe(false);
  });
});
