import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import {
  useDeletePriceMutation,
  useListPricesQuery,
  useReorderPricesMutation,
} from '@/features/profiles/api/profiles-api';
import { confirmDelete } from '@/features/profiles/components/confirm-delete';
import { FreelancerFrame } from '@/features/profiles/components/freelancer-frame';
import { PriceForm } from '@/features/profiles/components/price-form';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { SortableList } from '@/features/profiles/components/sortable-list';
import { useEditForm } from '@/features/profiles/hooks/use-edit-form';
import type { FreelancerProfile, Price } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { formatMoney } from '@/lib/money/money';
import { showToast } from '@/lib/toast/toast-store';

function PriceItem({
  price,
  catalog,
  owner,
  onEdit,
}: {
  price: Price;
  catalog: CatalogIndex;
  owner: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation(['profiles', 'common']);
  const lang = useLanguage();
  const [remove] = useDeletePriceMutation();
  const money = formatMoney(price, catalog.minorUnits(price.currency), lang);
  const amount = price.kind === 'from' ? t('prices.from', { amount: money }) : money;
  return (
    <div className="price-item" data-testid="price-item">
      <div className="price-body">
        <h3>{price.name}</h3>
        {price.description !== '' && <p className="muted profile-about">{price.description}</p>}
      </div>
      <div className="price-amount">
        <strong>{amount}</strong> <span className="muted">{t(`prices.units.${price.unit}`)}</span>
      </div>
      {owner && (
        <div className="group-actions">
          <Button
            type="button"
            icon="pi pi-pencil"
            text
            rounded
            size="small"
            aria-label={t('prices.edit')}
            onClick={onEdit}
          />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            size="small"
            severity="danger"
            aria-label={t('prices.delete')}
            onClick={() =>
              confirmDelete(t, t('prices.delete_confirm', { name: `«${price.name}»` }), () => {
                void remove({ id: price.id });
              })
            }
          />
        </div>
      )}
    </div>
  );
}

function PricesContent({
  profile,
  items,
  catalog,
}: {
  profile: FreelancerProfile;
  items: Price[];
  catalog: CatalogIndex;
}) {
  const { t } = useTranslation('profiles');
  const owner = profile.is_owner;
  const form = useEditForm('price');
  const [editing, setEditing] = useState<Price | null>(null);
  const [reorder] = useReorderPricesMutation();
  const open = (price: Price | null) => {
    setEditing(price);
    form.show();
  };
  return (
    <section className="card" aria-labelledby="prices-title" data-testid="prices">
      <div className="card-header-row">
        <h2 id="prices-title">{t('prices.title')}</h2>
        {owner && (
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('prices.add')}
            onClick={() => open(null)}
            data-testid="add-price"
          />
        )}
      </div>
      {items.length === 0 ? (
        <p className={owner ? 'empty-state' : 'muted'} data-testid="prices-empty">
          {t(owner ? 'prices.empty_owner' : 'prices.empty')}
        </p>
      ) : (
        <SortableList
          items={items}
          sortable={owner}
          name={(price) => price.name}
          className="price-list"
          testId="price-list"
          onOrder={(ids) =>
            void reorder({ idOrder: { ids } }).then((result) => {
              if ('data' in result) showToast({ severity: 'success', summary: t('portfolio.reordered') });
            })
          }
          render={(price) => (
            <PriceItem price={price} catalog={catalog} owner={owner} onEdit={() => open(price)} />
          )}
        />
      )}
      {owner && form.open && <PriceForm price={editing} catalog={catalog} onHide={form.hide} />}
    </section>
  );
}

function PricesTab({ profile }: { profile: FreelancerProfile }) {
  const result = useListPricesQuery({ id: profile.user.id });
  const catalog = useCatalogQuery();
  return (
    <QueryState result={result} also={[catalog]}>
      {(data) =>
        catalog.data === undefined ? null : (
          <PricesContent profile={profile} items={data.items} catalog={catalog.data} />
        )
      }
    </QueryState>
  );
}

// freelancer/{id}/prices: the services and their prices in the owner's order.
export default function PricesPage(slots: ProfileSlots) {
  const { t } = useTranslation('profiles');
  const { id } = useParams();
  return (
    <FreelancerFrame profileKey={id ?? ''} title={t('profile.title_prices')} {...slots}>
      {(profile) => <PricesTab profile={profile} />}
    </FreelancerFrame>
  );
}
