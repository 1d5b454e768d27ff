import '@/styles/searches.css';

import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import {
  useDeleteSavedSearchMutation,
  useListSavedSearchesQuery,
  useMarkSavedSearchSeenMutation,
  useUpdateSavedSearchMutation,
} from '@/features/searches/api/searches-api';
import { SearchDialog } from '@/features/searches/components/search-dialog';
import { searchesPaths } from '@/features/searches/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { SavedSearch } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

function SearchRow({ search, onEdit }: { search: SavedSearch; onEdit: (search: SavedSearch) => void }) {
  const { t } = useTranslation('searches');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [markSeen, seeing] = useMarkSavedSearchSeenMutation();
  const [remove, removing] = useDeleteSavedSearchMutation();
  const to = searchesPaths.list(lang, search);
  // Opening it resets its count, then shows the list with its filters.
  const open = () => void markSeen({ id: search.id }).finally(() => navigate(to));
  return (
    <li className="saved-search" data-testid="saved-search">
      <div className="saved-search-main">
        <Link
          to={to}
          className="saved-search-name"
          onClick={(event) => {
            event.preventDefault();
            open();
          }}
        >
          {search.name}
        </Link>
        <div className="saved-search-meta muted">
          <span>{t(`scopes.${search.scope as 'orders'}`, { defaultValue: search.scope })}</span>
          <span>{t('list.interval', { interval: t(`intervals.${search.interval}`) })}</span>
        </div>
      </div>
      {search.new_matches > 0 ? (
        <span className="badge badge-warn saved-search-new" data-testid="saved-search-new">
          {t('list.new', { count: search.new_matches })}
        </span>
      ) : (
        <span className="muted saved-search-new">{t('list.none_new')}</span>
      )}
      <div className="saved-search-actions">
        <Button
          type="button"
          size="small"
          label={t('list.open')}
          loading={seeing.isLoading}
          data-testid="saved-search-open"
          onClick={open}
        />
        <Button
          type="button"
          size="small"
          text
          icon="pi pi-pencil"
          aria-label={t('list.edit')}
          tooltip={t('list.edit')}
          data-testid="saved-search-edit"
          onClick={() => onEdit(search)}
        />
        <Button
          type="button"
          size="small"
          text
          severity="danger"
          icon="pi pi-trash"
          aria-label={t('list.delete')}
          tooltip={t('list.delete')}
          loading={removing.isLoading}
          data-testid="saved-search-delete"
          onClick={() =>
            confirmDialog({
              header: t('list.delete'),
              message: t('list.delete_confirm', { name: search.name }),
              icon: 'pi pi-exclamation-triangle',
              acceptLabel: t('list.delete'),
              rejectLabel: t('save.cancel'),
              acceptClassName: 'p-button-danger',
              defaultFocus: 'reject',
              accept: () => void remove({ id: search.id }),
            })
          }
        />
      </div>
    </li>
  );
}

// /{lang}/searches: the signed-in user's saved searches, each with its count of new matches; open (the list with
// its filters, the count back to zero), edit (name, interval), delete.
export default function MySearchesPage() {
  const { t } = useTranslation('searches');
  const lang = useLanguage();
  useDocumentTitle(t('title'));
  const result = useListSavedSearchesQuery();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [update, updating] = useUpdateSavedSearchMutation();
  return (
    <section className="page searches-page">
      <h1>{t('title')}</h1>
      <QueryState
        result={result}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="searches-empty" data-testid="searches-empty">
            <p className="muted">{t('list.empty')}</p>
            <p className="searches-empty-links">
              <Link to={paths.orders(lang)}>{t('list.go_orders')}</Link>
              <Link to={paths.vacancies(lang)}>{t('list.go_vacancies')}</Link>
            </p>
          </div>
        }
      >
        {(data) => (
          <>
            <p className="muted">{t('list.count', { count: data.items.length, max: data.max })}</p>
            <ul className="saved-searches">
              {data.items.map((search) => (
                <SearchRow key={search.id} search={search} onEdit={setEditing} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <SearchDialog
        header={t('edit.title')}
        submitLabel={t('edit.submit')}
        visible={editing !== null}
        initial={{ name: editing?.name ?? '', interval: editing?.interval ?? 'daily' }}
        loading={updating.isLoading}
        error={updating.error}
        onHide={() => setEditing(null)}
        onSubmit={(draft) => {
          if (editing === null) return;
          void update({ id: editing.id, savedSearchPatch: draft }).then((answer) => {
            if (answer.data !== undefined) setEditing(null);
          });
        }}
      />
    </section>
  );
}
