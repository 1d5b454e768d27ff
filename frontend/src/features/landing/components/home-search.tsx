import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import type { Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export const kSearchScopes = ['orders', 'freelancers', 'vacancies'] as const;
export type SearchScope = (typeof kSearchScopes)[number];

// The list a search of `scope` opens, with the words as its `q` (the lists read it).
export function searchPath(lang: Language, scope: SearchScope, words: string): string {
  const query = words.trim().slice(0, 200);
  const search = query === '' ? undefined : new URLSearchParams({ q: query }).toString();
  return paths[scope](lang, undefined, search);
}

// One field for the three public lists, with a switch of what to look for.
export function HomeSearch() {
  const { t } = useTranslation('landing');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [scope, setScope] = useState<SearchScope>('orders');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(searchPath(lang, scope, String(new FormData(event.currentTarget).get('q') ?? '')));
  };

  return (
    <form className="home-search" role="search" onSubmit={submit} data-testid="home-search">
      <fieldset className="home-scopes">
        <legend className="visually-hidden">{t('search.scope')}</legend>
        {kSearchScopes.map((item) => (
          <label key={item} className={item === scope ? 'home-scope home-scope-on' : 'home-scope'}>
            <input
              type="radio"
              name="scope"
              value={item}
              checked={item === scope}
              onChange={() => setScope(item)}
            />
            {t(`search.scopes.${item}`)}
          </label>
        ))}
      </fieldset>
      <div className="home-search-row">
        <input
          className="p-inputtext home-search-input"
          type="search"
          name="q"
          maxLength={200}
          placeholder={t(`search.placeholder.${scope}`)}
          aria-label={t(`search.placeholder.${scope}`)}
        />
        <button type="submit" className="p-button home-search-button" aria-label={t('search.submit')}>
          <span className="pi pi-search" aria-hidden="true" />
          <span>{t('search.submit')}</span>
        </button>
      </div>
    </form>
  );
}
