import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { useResumeHeadQuery } from '@/features/hiring/api/hiring-api';
import { ResponsesBoard } from '@/features/hiring/components/responses-board';
import type { ResponseContactProps } from '@/features/hiring/components/response-item';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { isDigitId } from '@/lib/routing/digit-id';

// resume/{id}/responds: the responses sent with one resume (its owner only; 404 for anybody else).
export default function ResumeResponsesPage({ Contact }: { Contact?: ComponentType<ResponseContactProps> }) {
  const { t } = useTranslation('hiring');
  const lang = useLanguage();
  const { id } = useParams();
  const valid = isDigitId(id);
  const head = useResumeHeadQuery({ id: Number(id) }, { skip: !valid });
  useDocumentTitle(t('responses.resume_title'));
  if (!valid || errorStatus(head.error) === 404) return <NotFoundPage />;
  if (head.data === undefined) return <QueryFallback results={[head]} page />;
  if (!head.data.is_owner) return <NotFoundPage />;
  return (
    <section className="page responses-page">
      <Link to={applicantPaths.resume(lang, head.data.id)} className="back-link">
        <span className="pi pi-arrow-left" aria-hidden="true" /> {head.data.position}
      </Link>
      <h1>{t('responses.resume_title')}</h1>
      <ResponsesBoard source={{ kind: 'resume', id: head.data.id }} Contact={Contact} />
    </section>
  );
}
