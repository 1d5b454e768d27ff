import { useSearchParams } from 'react-router-dom';

import type { EditForm } from '@/features/profiles/model/completeness';

// An owner's edit form opened by the address (`?edit=profile&field=skills`), so a completeness link or the
// post-bid prompt opens the right form on the right page; closing it drops the parameters.
export function useEditForm(form: EditForm) {
  const [params, setParams] = useSearchParams();
  const open = params.get('edit') === form;
  return {
    open,
    field: open ? params.get('field') : null,
    show: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('edit', form);
          next.delete('field');
          return next;
        },
        { replace: true },
      ),
    hide: () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('edit');
          next.delete('field');
          return next;
        },
        { replace: true },
      ),
  };
}
