import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';

// A row of vacancies/my (VacanciesSlots.Responses): the link to the vacancy's pipeline with its counters.
export function VacancyResponsesLink({
  vacancy,
}: {
  vacancy: { id: number; response_count: number | null; new_response_count: number | null };
}) {
  const { t } = useTranslation('hiring');
  const lang = useLanguage();
  const total = vacancy.response_count ?? 0;
  const fresh = vacancy.new_response_count ?? 0;
  return (
    <Link
      to={applicantPaths.vacancyResponses(lang, vacancy.id)}
      className="vacancy-responses-link"
      data-testid="vacancy-responses-link"
    >
      {total === 0 ? t('responses.none') : t('responses.count', { count: total })}
      {fresh > 0 && (
        <span className="badge badge-success" data-testid="new-responses">
          {t('responses.new_count', { count: fresh })}
        </span>
      )}
    </Link>
  );
}
