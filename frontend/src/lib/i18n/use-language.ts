import { useParams } from 'react-router-dom';

import { isLanguage, kDefaultLanguage, type Language } from '@/lib/i18n/languages';

// The interface language is the URL prefix (/{lang}/...).
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : kDefaultLanguage;
}
