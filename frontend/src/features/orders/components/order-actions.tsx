import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import {
  useCloseOrderMutation,
  useCompleteOrderMutation,
  useDeleteOrderMutation,
  useReopenOrderMutation,
} from '@/features/orders/api/orders-api';
import type { OrderDetail } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';
import { ordersPaths } from '@/features/orders/paths';
import { paths } from '@/lib/routing/paths';
import { showToast } from '@/lib/toast/toast-store';

export interface OrderActionsProps {
  order: OrderDetail;
}

// The customer's actions, exactly those `viewer` permits.
export function OrderActions({ order }: OrderActionsProps) {
  const { t } = useTranslation(['orders', 'common']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [remove] = useDeleteOrderMutation();
  const [close] = useCloseOrderMutation();
  const [reopen] = useReopenOrderMutation();
  const [complete] = useCompleteOrderMutation();
  const { viewer } = order;
  const changed = (result: { data?: unknown }) => {
    if (result.data !== undefined) showToast({ severity: 'success', summary: t('order.changed') });
  };
  const confirm = (header: string, message: string, accept: () => void) =>
    confirmDialog({
      header,
      message,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common:yes'),
      rejectLabel: t('common:no'),
      accept,
    });

  if (
    !viewer.can_edit &&
    !viewer.can_delete &&
    !viewer.can_close &&
    !viewer.can_reopen &&
    !viewer.can_complete
  ) {
    return null;
  }
  return (
    <div className="card-actions order-actions" data-testid="order-actions">
      {viewer.can_complete && (
        <Button
          type="button"
          icon="pi pi-check-circle"
          label={t('order.complete')}
          onClick={() =>
            confirm(
              t('order.complete'),
              t('order.complete_confirm'),
              () => void complete({ id: order.id }).then(changed),
            )
          }
        />
      )}
      {viewer.can_edit && (
        <Button
          type="button"
          outlined
          icon="pi pi-pencil"
          label={t('order.edit')}
          onClick={() => navigate(ordersPaths.orderEdit(lang, order.id))}
        />
      )}
      {viewer.can_reopen && (
        <Button
          type="button"
          outlined
          icon="pi pi-refresh"
          label={t('order.reopen')}
          onClick={() => void reopen({ id: order.id }).then(changed)}
        />
      )}
      {viewer.can_close && (
        <Button
          type="button"
          outlined
          severity="secondary"
          icon="pi pi-lock"
          label={t('order.close')}
          onClick={() =>
            confirm(
              t('order.close'),
              t('order.close_confirm'),
              () => void close({ id: order.id }).then(changed),
            )
          }
        />
      )}
      {viewer.can_delete && (
        <Button
          type="button"
          text
          severity="danger"
          icon="pi pi-trash"
          label={t('order.delete')}
          onClick={() =>
            confirm(t('order.delete_header'), t('order.delete_confirm'), () => {
              void remove({ id: order.id }).then((result) => {
                if (result.data === undefined) return;
                showToast({ severity: 'success', summary: t('order.deleted') });
                navigate(paths.orders(lang), { replace: true });
              });
            })
          }
        />
      )}
    </div>
  );
}
