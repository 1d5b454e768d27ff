import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import type { OrderState } from '@/lib/api/schema.generated';

// The order-state filter of a user's order list, kept in the URL (?state=…, absent for all): shareable, and
// the back button undoes it.
export function useStateParam(states: readonly OrderState[]): OrderState | undefined {
  const [search] = useSearchParams();
  const param = search.get('state');
  return states.find((item) => item === param);
}

export function StateFilter({ states }: { states: readonly OrderState[] }) {
  const { t } = useTranslation('orders');
  const [, setSearch] = useSearchParams();
  const state = useStateParam(states);
  const options = [
    { value: 'all', label: t('my.state_all') },
    ...states.map((value) => ({ value, label: t(`state.${value}`) })),
  ];
  return (
    <SelectButton
      className="state-filter"
      value={state ?? 'all'}
      options={options}
      allowEmpty={false}
      onChange={(event) => setSearch(event.value === 'all' ? {} : { state: String(event.value) })}
    />
  );
}
