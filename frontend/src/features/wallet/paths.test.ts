import { describe, expect, it } from 'vitest';

import { checkoutReturn, walletPaths } from '@/features/wallet/paths';

describe('the checkout return path', () => {
  it('goes with the checkout link and comes back only to a path of this site in the language', () => {
    expect(walletPaths.sandbox('ru', 7, '/ru/order/42')).toBe('/ru/bill/sandbox/7?return=%2Fru%2Forder%2F42');
    expect(walletPaths.sandbox('en', 7)).toBe('/en/bill/sandbox/7');
    expect(checkoutReturn('/ru/order/42', 'ru')).toBe('/ru/order/42');
    expect(checkoutReturn(null, 'ru')).toBeNull();
    expect(checkoutReturn('/en/order/42', 'ru')).toBeNull();
    expect(checkoutReturn('https://evil.example/ru/', 'ru')).toBeNull();
    expect(checkoutReturn('//evil.example/ru/x', 'ru')).toBeNull();
    expect(checkoutReturn('/ru//evil.example', 'ru')).toBeNull();
    expect(checkoutReturn('/ru/\\evil.example', 'ru')).toBeNull();
  });
});
