import { useTranslation } from 'react-i18next';

import type { ResponseHistoryEntry } from '@/lib/api/schema.generated';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

// A response's transitions, oldest first: who did what, when, with the discard reason.
export function ResponseHistory({ history }: { history: readonly ResponseHistoryEntry[] }) {
  const { t } = useTranslation('hiring');
  const lang = useLanguage();
  return (
    <ol className="response-history" data-testid="response-history">
      {history.map((entry, index) => (
        <li key={index}>
          <time dateTime={entry.at} className="muted">
            {formatDateTime(entry.at, lang)}
          </time>{' '}
          {t(`history.${entry.action}`)}
          {entry.reason !== null && entry.reason !== '' && (
            <span className="muted"> — {t('responses.reason', { reason: entry.reason })}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
