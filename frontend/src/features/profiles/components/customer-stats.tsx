import { Rating } from 'primereact/rating';
import { useTranslation } from 'react-i18next';

import type { CustomerStats as CustomerStatsData } from '@/lib/api/schema.generated';
import { formatNumber } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

// The median time to choose a performer in the largest whole unit people say ("3 часа", "2 days"): Intl's unit
// format declines the unit for the number in both languages.
export function formatSelectTime(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 3600
      ? [Math.max(1, Math.round(seconds / 60)), 'minute']
      : seconds < 86_400
        ? [Math.round(seconds / 3600), 'hour']
        : [Math.round(seconds / 86_400), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

export interface CustomerStatsProps {
  stats: CustomerStatsData;
  // A narrow list (the order page's customer card) rather than the profile header's row.
  compact?: boolean;
}

// A customer's reputation (GET /api/customers/{id} `stats`, the order detail's `customer_stats`): orders posted,
// performers selected, completion rate, the median time to select and the rating performers gave.
export function CustomerStats({ stats, compact = false }: CustomerStatsProps) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const none = t('profile.stats.none');
  return (
    <dl className={compact ? 'profile-stats compact' : 'profile-stats'} data-testid="customer-stats">
      <div>
        <dt>{t('profile.stats.orders_posted')}</dt>
        <dd>{formatNumber(stats.orders_posted, lang)}</dd>
      </div>
      <div>
        <dt>{t('profile.stats.performers_selected')}</dt>
        <dd>{formatNumber(stats.performers_selected, lang)}</dd>
      </div>
      <div>
        <dt>{t('profile.stats.completion_rate')}</dt>
        <dd>
          {stats.completion_rate === null
            ? none
            : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(
                stats.completion_rate,
              )}
        </dd>
      </div>
      <div>
        <dt>{t('profile.stats.median_select')}</dt>
        <dd>
          {stats.median_select_seconds === null ? none : formatSelectTime(stats.median_select_seconds, lang)}
        </dd>
      </div>
      <div>
        <dt>{t('profile.stats.rating')}</dt>
        <dd>
          {stats.rating === null || stats.review_count === 0 ? (
            none
          ) : (
            <span className="rating-summary">
              <Rating value={Math.round(stats.rating)} readOnly cancel={false} />
              {t('profile.stats.rating_value', {
                rating: formatNumber(stats.rating, lang, 1),
                count: stats.review_count,
              })}
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}
