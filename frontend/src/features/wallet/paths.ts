import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The wallet's screens: the wallet itself (/{lang}/bill) and the sandbox acquirer's TEST checkout page, where a
// top-up's confirmation_url leads while the embedded sandbox is the payment gateway.
export const walletPaths = {
  bill: (lang: Language) => langPath(lang, ['bill']),
  sandbox: (lang: Language, paymentId: number, returnTo?: string) =>
    langPath(
      lang,
      ['bill', 'sandbox', paymentId],
      returnTo === undefined ? undefined : `return=${encodeURIComponent(returnTo)}`,
    ),
};

// The checkout's `return` parameter, when it is a path of this site in the language ("/ru/order/42"): anything
// else (another site, "//host", a backslash) is ignored, so the link cannot lead away.
export function checkoutReturn(value: string | null, lang: Language): string | null {
  if (value === null || !value.startsWith(`/${lang}/`) || value.includes('\\') || value.includes('//'))
    return null;
  return value;
}
