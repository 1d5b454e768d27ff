import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListSearchFormProps {
  initial: string;
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
}

// The search row above a list (orders, freelancers). Key it by the URL's query, so the back button shows the
// text of the search it returns to.
export function ListSearchForm({ initial, label, placeholder, onSearch }: ListSearchFormProps) {
  const { t } = useTranslation('orders');
  const [query, setQuery] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query);
  };
  return (
    <form className="search-row" role="search" onSubmit={onSubmit}>
      <span className="search-input">
        <InputText
          type="search"
          name="q"
          aria-label={label}
          placeholder={placeholder}
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
        />
      </span>
      <Button type="submit" icon="pi pi-search" label={t('list.search')} />
    </form>
  );
}
