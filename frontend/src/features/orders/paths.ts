import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The orders screens only this feature links to; the shared ones (orders, order, create-order) are in
// lib/routing/paths.
export const ordersPaths = {
  orderEdit: (lang: Language, id: number | string) => langPath(lang, ['order', id, 'edit']),
};
