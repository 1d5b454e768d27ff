import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import { useGetHelpFaqQuery, useSearchHelpFaqQuery } from '@/features/help/api/help-api';
import { HelpFrame, StillNeedHelp } from '@/features/help/components/help-frame';
import { helpPaths } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';

function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const result = useSearchHelpFaqQuery({ q });
  return (
    <section className="help-results" aria-live="polite" data-testid="faq-results">
      <h2>{t('faq.results_title')}</h2>
      <QueryState
        result={result}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="muted" data-testid="faq-no-results">
            {t('faq.no_results')}
          </p>
        }
      >
        {(data) => (
          <ul className="help-result-list">
            {data.items.map((item) => (
              <li key={item.code} className="card">
                <Link to={helpPaths.faq(lang, item.code)} data-testid="faq-result">
                  {item.question}
                </Link>
                <p className="muted">{item.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <StillNeedHelp />
    </section>
  );
}

// The search box; keyed by the URL's query, so Back and a new search show their own text.
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('help');
  const [text, setText] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="help-search" role="search" onSubmit={onSubmit}>
      <label htmlFor="help-search" className="visually-hidden">
        {t('faq.search_label')}
      </label>
      <InputText
        id="help-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('faq.search_placeholder')}
        data-testid="faq-search"
      />
      <Button type="submit" icon="pi pi-search" label={t('faq.search')} data-testid="faq-search-submit" />
    </form>
  );
}

export default function HelpIndexPage() {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  useDocumentTitle(t('faq.title'));
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const faq = useGetHelpFaqQuery();
  return (
    <HelpFrame>
      <header className="help-hero">
        <h1>{t('faq.title')}</h1>
        <p className="muted">{t('faq.lead')}</p>
        <SearchForm key={q} initial={q} onSearch={(value) => setParams(value === '' ? {} : { q: value })} />
      </header>
      {q !== '' ? (
        <SearchResults q={q} />
      ) : (
        <QueryState
          result={faq}
          isEmpty={(data) => data.categories.length === 0}
          empty={<p className="muted">{t('faq.empty')}</p>}
        >
          {(data) => (
            <div className="help-categories">
              {data.categories.map((category) => (
                <section key={category.id} id={`faq-${category.code}`} className="card help-category">
                  <h2>{category.name}</h2>
                  <p className="muted small">
                    {t('faq.questions_count', { count: category.questions.length })}
                  </p>
                  <ul>
                    {category.questions.map((question) => (
                      <li key={question.id}>
                        <Link to={helpPaths.faq(lang, question.code)}>{question.question}</Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </QueryState>
      )}
    </HelpFrame>
  );
}
