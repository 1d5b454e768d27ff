import '@/styles/marketplace.css';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ListSearchForm } from '@/components/list-search-form';
import { innerQuotes } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

export interface ListSortProps<S extends string> {
  label: string;
  value: S;
  options: { value: S; label: string }[];
  onChange: (value: S) => void;
}

export interface ListPageLayoutProps<S extends string> {
  // The page's own class beside `page orders-page` (its card styles hang on it).
  className?: string;
  title: string;
  // The header row's button (post an order, join as a freelancer, post a vacancy).
  action?: ReactNode;
  // The category sidebar (components/category-nav).
  nav: ReactNode;
  search: { q: string; label: string; placeholder: string; onSearch: (q: string) => void };
  // "N found" above the results; '' while unknown.
  found: string;
  sort: ListSortProps<S>;
  // The advanced filters, shown under the toolbar when opened (open at first when the URL has some).
  filters: ReactNode;
  filtersOpen: boolean;
  resultsTestId: string;
  // The keyset pages of results.
  children: ReactNode;
}

// The public list pages' layout (orders, freelancers, vacancies, resumes): the title row, the category sidebar
// with counts, the search row, the toolbar (how many found, the filters toggle, the sort) and the results.
export function ListPageLayout<S extends string>(props: ListPageLayoutProps<S>) {
  const { t } = useTranslation('orders');
  const {
    className,
    title,
    action,
    nav,
    search,
    found,
    sort,
    filters,
    filtersOpen,
    resultsTestId,
    children,
  } = props;
  const [advanced, setAdvanced] = useState(filtersOpen);
  return (
    <section className={className === undefined ? 'page orders-page' : `page orders-page ${className}`}>
      <div className="card-header-row">
        <h1>{title}</h1>
        {action}
      </div>
      <div className="orders-layout">
        {nav}
        <div className="orders-main">
          <ListSearchForm
            key={search.q}
            initial={search.q}
            label={search.label}
            placeholder={search.placeholder}
            onSearch={search.onSearch}
          />
          <div className="list-toolbar">
            <p className="result-count" data-testid="result-count" aria-live="polite">
              {found}
            </p>
            <div className="list-toolbar-actions">
              <Button
                type="button"
                text
                icon={advanced ? 'pi pi-chevron-up' : 'pi pi-sliders-h'}
                label={t('list.filters_toggle')}
                aria-expanded={advanced}
                onClick={() => setAdvanced((open) => !open)}
              />
              <Dropdown
                aria-label={sort.label}
                value={sort.value}
                options={sort.options}
                onChange={(event) => sort.onChange(event.value as S)}
              />
            </div>
          </div>
          {advanced && filters}
          <div className="order-results" data-testid={resultsTestId}>
            {children}
          </div>
        </div>
      </div>
    </section>
  );
}

// The words the typo fallback searched for instead of the typed ones, in the language's quotes; `message` puts
// the quoted words into the list's sentence ("Showing results for …").
export function CorrectedNote({
  corrected,
  message,
}: {
  corrected: string;
  message: (quoted: string) => string;
}) {
  const lang = useLanguage();
  const quoted = lang === 'ru' ? `«${innerQuotes(corrected, lang)}»` : `“${innerQuotes(corrected, lang)}”`;
  return (
    <p className="corrected-note" data-testid="corrected-note">
      <span className="pi pi-info-circle" aria-hidden="true" /> {message(quoted)}
    </p>
  );
}
