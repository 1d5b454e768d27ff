import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { missingPartPath } from '@/features/profiles/model/completeness';
import type { FreelancerProfile } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';

// The owner's profile score with a link straight to each missing part's form (nothing once complete).
export function CompletenessCard({ profile }: { profile: FreelancerProfile }) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const { score, missing } = profile.completeness;
  if (missing.length === 0) return null;
  return (
    <section
      className="card completeness-card"
      aria-labelledby="completeness-title"
      data-testid="completeness"
    >
      <div className="card-header-row">
        <h2 id="completeness-title">{t('completeness.title')}</h2>
        <span className="completeness-score">{t('completeness.score', { score })}</span>
      </div>
      <ProgressBar value={score} showValue={false} style={{ height: '0.5rem' }} aria-hidden="true" />
      <p className="muted">{t('completeness.lead')}</p>
      <ul className="completeness-links">
        {missing.map((part) => (
          <li key={part}>
            <Link to={missingPartPath(part, lang, profile.user.id)} data-testid={`missing-${part}`}>
              <span className="pi pi-plus-circle" aria-hidden="true" /> {t(`completeness.missing.${part}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
