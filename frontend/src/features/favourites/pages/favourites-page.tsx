import '@/styles/favourites.css';

import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import { useListFavouritesQuery, useRemoveFavouriteMutation } from '@/features/favourites/api/favourites-api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { Favourite, FavouriteKind } from '@/lib/api/schema.generated';
import { formatDate } from '@/lib/format/format';
import type { Language } from '@/lib/i18n/languages';
import { useLanguage } from '@/lib/i18n/use-language';
import { langPath, paths } from '@/lib/routing/paths';

const kKinds: readonly FavouriteKind[] = ['order', 'freelancer', 'vacancy', 'resume', 'company'];

function isKind(value: string | null): value is FavouriteKind {
  return value !== null && (kKinds as readonly string[]).includes(value);
}

function itemPath(lang: Language, item: Favourite): string {
  switch (item.kind) {
    case 'order':
      return paths.order(lang, item.id);
    case 'freelancer':
      return paths.freelancer(lang, item.id);
    case 'vacancy':
      return paths.vacancy(lang, item.id);
    case 'resume':
      return langPath(lang, ['resume', item.id]);
    case 'company':
      return paths.employer(lang, item.id);
  }
}

function FavouriteRow({ item }: { item: Favourite }) {
  const { t, i18n } = useTranslation(['favourites', 'jobs']);
  const lang = useLanguage();
  const [remove, removing] = useRemoveFavouriteMutation();
  const subtitle =
    item.subtitle === null
      ? null
      : item.kind === 'order'
        ? t(`favourites:order_state.${item.subtitle}`, { defaultValue: '' })
        : item.kind === 'company'
          ? t(`jobs:industry.${item.subtitle}`, { defaultValue: '' })
          : item.subtitle;
  return (
    <li className={`favourite-row${item.available ? '' : ' favourite-gone'}`} data-testid="favourite-row">
      <div className="favourite-main">
        {item.available ? (
          <Link to={itemPath(lang, item)} className="favourite-title">
            {item.title}
          </Link>
        ) : (
          <span className="favourite-title muted">{t('favourites:unavailable')}</span>
        )}
        <div className="favourite-meta muted">
          {item.available && item.closed && (
            <span className="favourite-closed" data-testid="favourite-closed">
              {t('favourites:closed')}
            </span>
          )}
          {subtitle !== null && subtitle !== '' && <span>{subtitle}</span>}
          <span>{t('favourites:added_at', { date: formatDate(item.added_at, i18n.language) })}</span>
        </div>
      </div>
      <Button
        type="button"
        text
        rounded
        icon="pi pi-star-fill"
        aria-label={t('favourites:remove')}
        tooltip={t('favourites:remove')}
        tooltipOptions={{ position: 'left' }}
        loading={removing.isLoading}
        data-testid="favourite-remove"
        onClick={() => void remove({ kind: item.kind, id: item.id })}
      />
    </li>
  );
}

// /{lang}/favourites: the signed-in user's bookmarks, a tab per kind with its count, 20 a page. An item the user
// can no longer open says so, with no title (the server decides).
export default function FavouritesPage() {
  const { t } = useTranslation('favourites');
  useDocumentTitle(t('title'));
  const [search, setSearch] = useSearchParams();
  const kindParam = search.get('kind');
  const kind: FavouriteKind = isKind(kindParam) ? kindParam : 'order';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const result = useListFavouritesQuery({ kind, page });
  const counts = result.data?.counts;

  const go = (next: FavouriteKind, nextPage = 1) => {
    const params = new URLSearchParams();
    params.set('kind', next);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearch(params);
  };

  return (
    <section className="page favourites-page">
      <h1>{t('title')}</h1>
      <div className="favourites-tabs" role="tablist" aria-label={t('title')}>
        {kKinds.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={each === kind}
            className={`favourites-tab${each === kind ? ' favourites-tab-active' : ''}`}
            data-testid={`favourites-tab-${each}`}
            onClick={() => go(each)}
          >
            <span>{t(`kinds.${each}`)}</span>
            {counts !== undefined && <span className="favourites-count">{counts[each]}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <QueryState
          result={result}
          isEmpty={(data) => data.items.length === 0 && data.page <= 1}
          empty={<p className="favourites-empty muted">{t('empty')}</p>}
        >
          {(data) => (
            <>
              <p className="muted favourites-total">{t('count', { count: data.total })}</p>
              <ul className="favourites-list">
                {data.items.map((item) => (
                  <FavouriteRow key={`${item.kind}-${item.id}`} item={item} />
                ))}
              </ul>
              {data.pages > 1 && (
                <nav className="favourites-pager">
                  <Button
                    type="button"
                    outlined
                    size="small"
                    icon="pi pi-chevron-left"
                    aria-label={t('previous')}
                    disabled={data.page <= 1}
                    onClick={() => go(kind, data.page - 1)}
                  />
                  <span>{t('page', { page: data.page, pages: data.pages })}</span>
                  <Button
                    type="button"
                    outlined
                    size="small"
                    icon="pi pi-chevron-right"
                    aria-label={t('next')}
                    disabled={data.page >= data.pages}
                    onClick={() => go(kind, data.page + 1)}
                  />
                </nav>
              )}
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}
