import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';

import { useSetLanguageMutation } from '@/features/identity/api/identity-api';
import { selectSessionStatus } from '@/features/identity/model/session-slice';
import { kLanguages, swapLanguagePrefix, type Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';

// Swaps the URL prefix; a signed-in user's language is also saved on the server (SPEC §7: upper-case code).
export function LanguageSwitch() {
  const { t } = useTranslation(['shell', 'common']);
  const lang = useLanguage();
  const status = useSelector(selectSessionStatus);
  const location = useLocation();
  const navigate = useNavigate();
  const [setLang] = useSetLanguageMutation();

  const choose = (next: Language) => {
    if (next === lang) return;
    navigate(swapLanguagePrefix(location.pathname, next) + location.search + location.hash);
    if (status === 'Authenticated') void setLang({ body: { lang: next.toUpperCase() } });
  };

  return (
    <div className="language-switch" role="group" aria-label={t('shell:language_switch.label')}>
      {kLanguages.map((code) => (
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
