import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';

import { useAllowedLanguagesQuery, useSetLanguageMutation } from '@/features/identity/api/identity-api';
import { selectSessionStatus } from '@/features/identity/model/session-slice';
import { kLanguages, swapLanguagePrefix, type Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';

// Swaps the URL prefix; a signed-in user's language is also saved on the server (SPEC §7: upper-case code). It
// offers the languages the server allows (GET /api/user/allowed-languages, SPEC §1) that the SPA has texts for;
// both of those until the answer arrives, none when only one is left.
export function LanguageSwitch() {
  const { t } = useTranslation(['shell', 'common']);
  const lang = useLanguage();
  const status = useSelector(selectSessionStatus);
  const location = useLocation();
  const navigate = useNavigate();
  const [setLang] = useSetLanguageMutation();
  const allowed = useAllowedLanguagesQuery().data;
  const offered = allowed === undefined ? kLanguages : kLanguages.filter((code) => code in allowed);

  const choose = (next: Language) => {
    if (next === lang) return;
    navigate(swapLanguagePrefix(location.pathname, next) + location.search + location.hash);
    if (status === 'Authenticated') void setLang({ body: { lang: next.toUpperCase() } });
  };

  if (offered.length < 2) return null;
  return (
    <div className="language-switch" role="group" aria-label={t('shell:language_switch.label')}>
      {offered.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className={code === lang ? 'language-option active' : 'language-option'}
          aria-pressed={code === lang}
          title={t(`common:language.${code}`)}
          onClick={() => choose(code)}
        >
          <span aria-hidden="true">{code.toUpperCase()}</span>
          <span className="visually-hidden">{t(`common:language.${code}`)}</span>
        </button>
      ))}
    </div>
  );
}
