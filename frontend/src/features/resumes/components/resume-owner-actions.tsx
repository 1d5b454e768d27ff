import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import {
  useDeleteResumeMutation,
  useHideResumeMutation,
  usePublishResumeMutation,
} from '@/features/resumes/api/resumes-api';
import type { Resume } from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';
import { applicantPaths } from '@/lib/routing/applicant-paths';
import { showToast } from '@/lib/toast/toast-store';

// The owner's buttons on the resume page: publish (a draft or a hidden resume), hide, edit, delete, responses.
export function ResumeOwnerActions({ resume }: { resume: Resume }) {
  const { t } = useTranslation(['resumes', 'common']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [publish, published] = usePublishResumeMutation();
  const [hide, hidden] = useHideResumeMutation();
  const [remove, removed] = useDeleteResumeMutation();
  const done = (summary: string) => (result: { data?: unknown; error?: unknown }) => {
    if (result.error === undefined) showToast({ severity: 'success', summary });
  };
  return (
    <div className="card-actions resume-owner-actions" data-testid="resume-owner-actions">
      {resume.status !== 'published' && (
        <Button
          type="button"
          icon="pi pi-send"
          label={t('resume.publish')}
          loading={published.isLoading}
          onClick={() => void publish({ id: resume.id }).then(done(t('resume.published')))}
        />
      )}
      {resume.status === 'published' && (
        <Button
          type="button"
          outlined
          icon="pi pi-eye-slash"
          label={t('resume.hide')}
          loading={hidden.isLoading}
          onClick={() => void hide({ id: resume.id }).then(done(t('resume.hidden')))}
        />
      )}
      <Link to={applicantPaths.resumeEdit(lang, resume.id)} className="p-button p-button-outlined">
        <span className="pi pi-pencil" aria-hidden="true" /> {t('resume.edit')}
      </Link>
      <Link to={applicantPaths.resumeResponses(lang, resume.id)} className="p-button p-button-text">
        {t('resume.responses')}
      </Link>
      <Button
        type="button"
        text
        severity="danger"
        icon="pi pi-trash"
        label={t('resume.delete')}
        loading={removed.isLoading}
        onClick={() =>
          confirmDialog({
            header: t('resume.delete_header'),
            message: t('resume.delete_confirm'),
            icon: 'pi pi-exclamation-triangle',
            acceptLabel: t('common:yes'),
            rejectLabel: t('common:no'),
            accept: () =>
              void remove({ id: resume.id }).then((result) => {
                if (result.error !== undefined) return;
                showToast({ severity: 'success', summary: t('resume.deleted') });
                navigate(applicantPaths.myResumes(lang));
              }),
          })
        }
      />
    </div>
  );
}
