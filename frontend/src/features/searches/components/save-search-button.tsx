import '@/styles/searches.css';

import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useCreateSavedSearchMutation } from '@/features/searches/api/searches-api';
import { SearchDialog } from '@/features/searches/components/search-dialog';
import type { SaveSearchProps } from '@/lib/saved-searches/save-search';
import { showToast } from '@/lib/toast/toast-store';

// "Save this search" on a list: a dialog with the name (suggested from the filters) and the interval.
export function SaveSearchButton({ scope, filter, suggestedName }: SaveSearchProps) {
  const { t } = useTranslation('searches');
  const [open, setOpen] = useState(false);
  const [create, { isLoading, error, reset }] = useCreateSavedSearchMutation();
  return (
    <>
      <Button
        type="button"
        outlined
        icon="pi pi-bookmark"
        label={t('save.button')}
        data-testid="save-search"
        onClick={() => {
          reset();
          setOpen(true);
        }}
      />
      <SearchDialog
        header={t('save.title')}
        submitLabel={t('save.submit')}
        visible={open}
        initial={{ name: suggestedName.slice(0, 100), interval: 'daily' }}
        loading={isLoading}
        error={error}
        onHide={() => setOpen(false)}
        onSubmit={(draft) =>
          void create({ savedSearchInput: { ...draft, scope, filter } }).then((result) => {
            if (result.data === undefined) return;
            setOpen(false);
            showToast({ severity: 'success', summary: t('save.saved') });
          })
        }
      />
    </>
  );
}
