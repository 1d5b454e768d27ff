import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormAlert } from '@/components/form-alert';
import { useInviteToOrderMutation } from '@/features/bids/api/bids-api';
import { errorBody } from '@/lib/api/api-error';
import { showToast } from '@/lib/toast/toast-store';

export interface InviteToOrderProps {
  performerId: number;
  // The signed-in customer's open orders (the orders feature lists them; the app passes them in); undefined
  // while loading.
  openOrders: { id: number; name: string }[] | undefined;
}

// "Offer one of your open orders" to a performer; a repeated invitation answers 409 with the server's text.
export function InviteToOrder({ performerId, openOrders }: InviteToOrderProps) {
  const { t } = useTranslation('orders');
  const [orderId, setOrderId] = useState<number | null>(null);
  const [invite, { isLoading, error, reset }] = useInviteToOrderMutation();
  if (openOrders === undefined || openOrders.length === 0) return null;
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
          options={openOrders.map((order) => ({ value: order.id, label: order.name }))}
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
