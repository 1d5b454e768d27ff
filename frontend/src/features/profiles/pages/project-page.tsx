import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { QueryFallback } from '@/components/query-state';
import {
  useDeletePortfolioProjectMutation,
  useGetPortfolioProjectQuery,
  useGetPortfolioQuery,
} from '@/features/profiles/api/profiles-api';
import { confirmDelete } from '@/features/profiles/components/confirm-delete';
import { FreelancerFrame } from '@/features/profiles/components/freelancer-frame';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { ProjectForm } from '@/features/profiles/components/project-form';
import { useEditForm } from '@/features/profiles/hooks/use-edit-form';
import { errorStatus } from '@/lib/api/api-error';
import type { FreelancerProfile, PortfolioProject } from '@/lib/api/schema.generated';
import { isDigitId } from '@/lib/routing/digit-id';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

function ProjectView({ profile, project }: { profile: FreelancerProfile; project: PortfolioProject }) {
  const { t } = useTranslation(['profiles', 'common']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const editor = useEditForm('project');
  const portfolio = useGetPortfolioQuery({ id: profile.user.id }, { skip: !profile.is_owner });
  const [remove] = useDeletePortfolioProjectMutation();
  const back = paths.freelancer(lang, profile.slug ?? profile.user.id);
  return (
    <article className="card project-view" data-testid="project-view">
      <Link to={back} className="back-link">
        <span className="pi pi-arrow-left" aria-hidden="true" /> {t('portfolio.back')}
      </Link>
      <div className="card-header-row">
        <div>
          <h2>{project.name}</h2>
          {project.group !== null && <p className="muted">{project.group.name}</p>}
        </div>
        {profile.is_owner && (
          <div className="card-actions compact">
            <Button
              type="button"
              icon="pi pi-pencil"
              outlined
              label={t('portfolio.edit_project')}
              onClick={editor.show}
            />
            <Button
              type="button"
              icon="pi pi-trash"
              outlined
              severity="danger"
              label={t('portfolio.delete_project')}
              onClick={() =>
                confirmDelete(t, t('portfolio.delete_project_confirm', { name: `«${project.name}»` }), () => {
                  void remove({ id: project.id }).then((result) => {
                    if ('data' in result) navigate(back, { replace: true });
                  });
                })
              }
            />
          </div>
        )}
      </div>
      {project.description !== '' && <p className="profile-about">{project.description}</p>}
      {project.tools.length > 0 && (
        <>
          <h3 className="small-heading">{t('portfolio.tools')}</h3>
          <ul className="chips">
            {project.tools.map((tool) => (
              <li key={tool}>{tool}</li>
            ))}
          </ul>
        </>
      )}
      {project.link !== null && (
        <p>
          <a
            href={project.link}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            aria-label={t('portfolio.open_link')}
          >
            <span className="pi pi-external-link" aria-hidden="true" /> {project.link}
          </a>
        </p>
      )}
      {project.images.length > 0 && (
        <ul className="project-gallery" aria-label={t('portfolio.gallery')} data-testid="project-gallery">
          {project.images.map((image) => (
            <li key={image.id}>
              <a href={image.url} target="_blank" rel="noopener noreferrer">
                <img src={image.url} alt="" width={image.width} height={image.height} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {profile.is_owner && editor.open && (
        <ProjectForm projectId={project.id} groups={portfolio.data?.groups ?? []} onHide={editor.hide} />
      )}
    </article>
  );
}

function ProjectTab({ profile, projectId }: { profile: FreelancerProfile; projectId: number }) {
  const { t } = useTranslation('profiles');
  const result = useGetPortfolioProjectQuery({ id: projectId });
  const { data, error } = result;
  if (errorStatus(error) === 404 || (data !== undefined && data.user.id !== profile.user.id)) {
    return (
      <p className="card muted" data-testid="project-not-found">
        {t('portfolio.not_found')}
      </p>
    );
  }
  if (data === undefined) return <QueryFallback results={[result]} />;
  return <ProjectView profile={profile} project={data} />;
}

// freelancer/{id}/portfolio/{projectId}: one project with its images, tools, link and description.
export default function ProjectPage(slots: ProfileSlots) {
  const { t } = useTranslation('profiles');
  const { id, projectId } = useParams();
  const valid = isDigitId(projectId);
  return (
    <FreelancerFrame profileKey={id ?? ''} title={t('profile.title_portfolio')} {...slots}>
      {(profile) =>
        valid ? (
          <ProjectTab profile={profile} projectId={Number(projectId)} />
        ) : (
          <p className="card muted">{t('portfolio.not_found')}</p>
        )
      }
    </FreelancerFrame>
  );
}
