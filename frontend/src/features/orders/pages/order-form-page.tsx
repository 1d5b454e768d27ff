import '@/styles/marketplace.css';

import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import { useGetOrderQuery } from '@/features/orders/api/orders-api';
import { OrderForm, type OrderFormMode } from '@/features/orders/components/order-form/order-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalog } from '@/lib/catalog/use-catalog';
import { isDigitId } from '@/lib/routing/digit-id';

export interface OrderFormPageProps {
  // The job offer's addressee above the form (the profiles feature's card; the app fills the slot).
  OfferPerformer: ComponentType<{ performerId: number }>;
}

// create-order?category={id} (a landing page's link): the category preset, when the catalog has it.
function presetCategory(value: string | null, catalog: CatalogIndex): number | undefined {
  if (value === null || !isDigitId(value)) return undefined;
  const id = Number(value);
  return catalog.categoryOptions().some((option) => option.value === id) ? id : undefined;
}

// create-order (and create-order?performer={id}: the job offer form) and order/{id}/edit; login required.
export default function OrderFormPage({ OfferPerformer }: OrderFormPageProps) {
  const { t } = useTranslation('orders');
  const { id } = useParams();
  const [search] = useSearchParams();
  const catalog = useCatalog();
  const editing = id !== undefined;
  const performer = search.get('performer');
  const performerId = performer !== null && isDigitId(performer) ? Number(performer) : null;
  const category = search.get('category');
  const {
    data: order,
    error,
    isLoading,
  } = useGetOrderQuery({ id: Number(id) }, { skip: !editing || !isDigitId(id) });
  const title = editing
    ? t('form.edit_title')
    : performerId !== null
      ? t('form.offer_title')
      : t('form.create_title');
  useDocumentTitle(title);

  if (editing && (!isDigitId(id) || errorStatus(error) === 404)) return <NotFoundPage />;
  if (catalog === null || isLoading) return <PageLoader />;
  if (editing && order === undefined) return null;
  const mode: OrderFormMode =
    order !== undefined
      ? { kind: 'edit', order }
      : performerId !== null
        ? { kind: 'offer', performerId }
        : { kind: 'create', categoryId: presetCategory(category, catalog) };

  return (
    <section className="page page-form">
      <div className="card">
        <h1>{title}</h1>
        {mode.kind === 'offer' && (
          <Suspense fallback={<PageLoader />}>
            <OfferPerformer performerId={mode.performerId} />
          </Suspense>
        )}
        {mode.kind === 'edit' && !mode.order.viewer.can_edit ? (
          // Somebody else's order is not "locked": only its customer may edit it at all.
          <FormAlert severity="error">
            {mode.order.viewer.is_customer ? t('form.locked') : t('form.not_customer')}
          </FormAlert>
        ) : (
          <OrderForm key={mode.kind} mode={mode} catalog={catalog} />
        )}
      </div>
    </section>
  );
}
