import { Navigate, useLocation } from 'react-router-dom';

import { kLanguageStorageKey, pickLanguage } from '@/lib/i18n/languages';
import { readLocal } from '@/lib/storage/local-storage';

// The bare `/`: the saved choice, else the browser's languages (its Accept-Language), else en.
export function LanguagePick() {
  const location = useLocation();
  const lang = pickLanguage(readLocal(kLanguageStorageKey), navigator.languages ?? [navigator.language]);
  return <Navigate to={`/${lang}${location.search}`} replace />;
}
