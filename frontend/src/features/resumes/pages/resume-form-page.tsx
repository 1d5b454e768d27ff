import '@/styles/marketplace.css';
import '@/styles/applicants.css';

import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import {
  useCreateResumeMutation,
  useGetResumeQuery,
  usePublishResumeMutation,
  useUpdateResumeMutation,
} from '@/features/resumes/api/resumes-api';
import { ResumeForm } from '@/features/resumes/components/resume-form';
import { ResumePhoto } from '@/features/resumes/components/resume-photo';
import { draftOfResume, emptyResumeDraft, type ResumeFields } from '@/features/resumes/model/resume-draft';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import type { Resume } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { isDigitId } from '@/lib/routing/digit-id';
import { showToast } from '@/lib/toast/toast-store';

function CreateForm({ catalog }: { catalog: CatalogIndex }) {
  const { t } = useTranslation('resumes');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [create, { error, isLoading }] = useCreateResumeMutation();
  const onSave = async (fields: ResumeFields, publish: boolean) => {
    const result = await create({ resumeInput: { ...fields, publish } });
    if (result.data === undefined) return;
    showToast({ severity: 'success', summary: publish ? t('form.published') : t('form.draft_saved') });
    navigate(applicantPaths.resume(lang, result.data.id));
  };
  return (
    <ResumeForm
      initial={emptyResumeDraft()}
      catalog={catalog}
      serverErrors={fieldErrors(error)}
      busy={isLoading}
      published={false}
      onSave={(fields, publish) => void onSave(fields, publish)}
    />
  );
}

function EditForm({ resume, catalog }: { resume: Resume; catalog: CatalogIndex }) {
  const { t } = useTranslation('resumes');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [update, { error, isLoading }] = useUpdateResumeMutation();
  const [publishResume] = usePublishResumeMutation();
  const onSave = async (fields: ResumeFields, publish: boolean) => {
    const result = await update({ id: resume.id, resumeFields: fields });
    if (result.data === undefined) return;
    // "Publish" on a draft (or a hidden resume) saves and then publishes it.
    if (publish && resume.status !== 'published') {
      const published = await publishResume({ id: resume.id });
      if (published.data === undefined) return;
    }
    showToast({ severity: 'success', summary: t('form.saved') });
    navigate(applicantPaths.resume(lang, resume.id));
  };
  return (
    <ResumeForm
      initial={draftOfResume(resume, catalog.minorUnits)}
      catalog={catalog}
      serverErrors={fieldErrors(error)}
      busy={isLoading}
      published={resume.status === 'published'}
      onSave={(fields, publish) => void onSave(fields, publish)}
      photo={<ResumePhoto resume={resume} />}
    />
  );
}

// resume/create and resume/{id}/edit (login required; the edit page only for the owner: 404 for anybody else).
export default function ResumeFormPage() {
  const { t } = useTranslation('resumes');
  const lang = useLanguage();
  const { id } = useParams();
  const editing = id !== undefined;
  const valid = !editing || isDigitId(id);
  const catalogQuery = useCatalogQuery();
  const resumeQuery = useGetResumeQuery({ id: Number(id) }, { skip: !editing || !valid });
  useDocumentTitle(editing ? t('form.edit_title') : t('form.create_title'));
  const catalog = catalogQuery.data ?? null;
  if (!valid || errorStatus(resumeQuery.error) === 404) return <NotFoundPage />;
  if (editing && resumeQuery.data !== undefined && !resumeQuery.data.is_owner) return <NotFoundPage />;
  if (catalog === null || (editing && resumeQuery.data === undefined)) {
    return <QueryFallback results={editing ? [catalogQuery, resumeQuery] : [catalogQuery]} page />;
  }
  return (
    <section className="page resume-form-page">
      <Link to={applicantPaths.myResumes(lang)} className="back-link">
        <span className="pi pi-arrow-left" aria-hidden="true" /> {t('my.title')}
      </Link>
      <h1>{editing ? t('form.edit_title') : t('form.create_title')}</h1>
      {resumeQuery.data === undefined ? (
        <CreateForm catalog={catalog} />
      ) : (
        <EditForm key={resumeQuery.data.id} resume={resumeQuery.data} catalog={catalog} />
      )}
    </section>
  );
}
