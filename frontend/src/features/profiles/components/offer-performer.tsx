import { useTranslation } from 'react-i18next';

import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PersonLink } from '@/components/person-link';
import { useGetPublicUserQuery } from '@/features/profiles/api/profiles-api';
import { errorStatus } from '@/lib/api/api-error';

// create-order?performer={id}: whom the job offer goes to, above the order form (its slot, filled by the app).
export function OfferPerformer({ performerId }: { performerId: number }) {
  const { t } = useTranslation('orders');
  const { data, error } = useGetPublicUserQuery({ id: performerId });
  if (errorStatus(error) === 404)
    return <FormAlert severity="error">{t('form.performer_unknown')}</FormAlert>;
  if (data === undefined) return <PageLoader />;
  return (
    <div className="offer-performer" data-testid="offer-performer">
      <PersonLink user={data} as="performer" size={48} />
      <p className="muted">{t('form.offer_lead')}</p>
    </div>
  );
}
