import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The wallet's screens: the wallet itself (/{lang}/bill) and the sandbox acquirer's TEST checkout page, where a
// top-up's confirmation_url leads while the embedded sandbox is the payment gateway.
export const walletPaths = {
  bill: (lang: Language) => langPath(lang, ['bill']),
  sandbox: (lang: Language, paymentId: number) => langPath(lang, ['bill', 'sandbox', paymentId]),
};
