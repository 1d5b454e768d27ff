import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';

import { QueryFallback } from '@/components/query-state';
import { useGetResponseQuery } from '@/features/hiring/api/hiring-api';
import { ResponsesBoard } from '@/features/hiring/components/responses-board';
import type { ResponseContactProps } from '@/features/hiring/components/response-item';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { isDigitId } from '@/lib/routing/digit-id';
import { useViewer } from '@/lib/session/viewer';

// ?response={id} (the messenger's link of a chat about a response): the list that response is in — its tab here
// for the applicant, the vacancy's pipeline for its employer.
function ToResponse({ id }: { id: number }) {
  const lang = useLanguage();
  const viewer = useViewer();
  const result = useGetResponseQuery({ id });
  const response = result.data;
  if (response === undefined) {
    if (result.error !== undefined && !result.isFetching)
      return <Navigate to={applicantPaths.myResponses(lang)} replace />;
    return <QueryFallback results={[result]} />;
  }
  const search = `status=${response.status}`;
  const to =
    response.employer.id === viewer.id
      ? applicantPaths.vacancyResponses(lang, response.vacancy.id, search)
      : applicantPaths.myResponses(lang, search);
  return <Navigate to={to} replace />;
}

// resume/my-responses: the applicant's responses and invitations, by status.
export default function MyResponsesPage({ Contact }: { Contact?: ComponentType<ResponseContactProps> }) {
  const { t } = useTranslation(['hiring', 'resumes']);
  const lang = useLanguage();
  const [search] = useSearchParams();
  const target = search.get('response') ?? undefined;
  useDocumentTitle(t('responses.my_title'));
  if (isDigitId(target)) return <ToResponse id={Number(target)} />;
  return (
    <section className="page responses-page">
      <div className="card-header-row">
        <h1>{t('responses.my_title')}</h1>
        <Link to={applicantPaths.myResumes(lang)} className="p-button p-button-outlined">
          {t('resumes:my.title')}
        </Link>
      </div>
      <ResponsesBoard source={{ kind: 'my' }} Contact={Contact} />
    </section>
  );
}
