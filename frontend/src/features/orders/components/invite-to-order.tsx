import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormAlert } from '@/components/form-alert';
import { useInviteToOrderMutation, useListMyOrdersQuery } from '@/features/orders/api/orders-api';
import { errorBody } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';

export interface InviteToOrderProps {
  performerId: number;
}

// "Offer one of your open orders" to a performer; a repeated invitation answers 409 with the server's text.
export function InviteToOrder({ performerId }: InviteToOrderProps) {
  const { t } = useTranslation('orders');
  const { data } = useListMyOrdersQuery({ as: 'customer', state: 'search', limit: 50 });
  const [orderId, setOrderId] = useState<number | null>(null);
  const [invite, { isLoading, error, reset }] = useInviteToOrderMutation();
  if (data === undefined || data.items.length === 0) return null;
  const failure = errorBody(error)?.message;

  const onSend = async () => {
    if (orderId === null) return;
    const result = await invite({ id: orderId, body: { performer_id: performerId } });
    if (result.data !== undefined) showToast({ severity: 'success', summary: t('invitation.sent') });
  };

  return (
    <div className="invite-to-order" data-testid="invite-to-order">
      <label className="field-label" htmlFor="invite-order">
        {t('invitation.choose_order')}
      </label>
      <div className="money-input">
        <Dropdown
          inputId="invite-order"
          value={orderId}
          options={data.items.map((order) => ({ value: order.id, label: order.name }))}
          placeholder={t('invitation.choose_placeholder')}
          onChange={(event) => {
            reset();
            setOrderId(event.value as number);
          }}
        />
        <Button
          type="button"
          outlined
          label={t('invitation.send')}
          disabled={orderId === null}
          loading={isLoading}
          onClick={() => void onSend()}
        />
      </div>
      {failure !== undefined && <FormAlert severity="error">{failure}</FormAlert>}
    </div>
  );
}
