import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { QueryFallback, QueryState } from '@/components/query-state';
import { useListMyResumesQuery } from '@/features/resumes/api/resumes-api';
import { ResumeCard } from '@/features/resumes/components/resume-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';

// resumes/my: all of the caller's resumes (drafts, published, hidden) with their status, visibility, and links
// to edit them and to their responses.
export default function MyResumesPage() {
  const { t } = useTranslation('resumes');
  const lang = useLanguage();
  const result = useListMyResumesQuery();
  const catalogQuery = useCatalogQuery();
  const catalog = catalogQuery.data ?? null;
  useDocumentTitle(t('my.title'));
  return (
    <section className="page my-resumes-page">
      <div className="card-header-row">
        <h1>{t('my.title')}</h1>
        <div className="card-actions">
          <Link to={applicantPaths.myResponses(lang)} className="p-button p-button-outlined">
            {t('my.responses')}
          </Link>
          <Link to={applicantPaths.resumeCreate(lang)} className="p-button" data-testid="create-resume">
            {t('list.create')}
          </Link>
        </div>
      </div>
      {catalog === null ? (
        <QueryFallback results={[catalogQuery]} />
      ) : (
        <QueryState
          result={result}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <div className="empty-state">
              <p>{t('my.empty')}</p>
              <Link to={applicantPaths.resumeCreate(lang)} className="p-button">
                {t('list.create')}
              </Link>
            </div>
          }
        >
          {(data) => (
            <div className="order-results">
              {data.items.map((resume) => (
                <ResumeCard key={resume.id} resume={resume} catalog={catalog}>
                  <span className={`badge resume-status-${resume.status}`} data-testid="resume-status">
                    {t(`status.${resume.status}`)}
                  </span>
                  <span className="badge badge-muted">{t(`visibility.${resume.visibility}`)}</span>
                  <Link to={applicantPaths.resumeEdit(lang, resume.id)}>{t('resume.edit')}</Link>
                  <Link to={applicantPaths.resumeResponses(lang, resume.id)}>{t('resume.responses')}</Link>
                </ResumeCard>
              ))}
            </div>
          )}
        </QueryState>
      )}
    </section>
  );
}
