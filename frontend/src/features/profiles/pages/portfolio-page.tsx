import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { QueryState } from '@/components/query-state';
import {
  useDeletePortfolioGroupMutation,
  useGetPortfolioQuery,
  useReorderPortfolioGroupsMutation,
  useReorderPortfolioProjectsMutation,
} from '@/features/profiles/api/profiles-api';
import { confirmDelete } from '@/features/profiles/components/confirm-delete';
import { FreelancerFrame } from '@/features/profiles/components/freelancer-frame';
import { GroupForm } from '@/features/profiles/components/group-form';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import { ProjectForm } from '@/features/profiles/components/project-form';
import { SortableList } from '@/features/profiles/components/sortable-list';
import { useEditForm } from '@/features/profiles/hooks/use-edit-form';
import { profilesPaths } from '@/features/profiles/paths';
import type {
  FreelancerProfile,
  Portfolio,
  PortfolioGroup,
  PortfolioProjectCard,
} from '@/lib/api/schema.generated';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

function ProjectCard({ project, userId }: { project: PortfolioProjectCard; userId: number }) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  return (
    <Link
      to={profilesPaths.project(lang, userId, project.id)}
      className="project-card"
      data-testid="project-card"
    >
      {project.cover === null ? (
        <span className="project-cover project-cover-empty pi pi-image" aria-hidden="true" />
      ) : (
        <img className="project-cover" src={project.cover.thumbnail_url} alt="" loading="lazy" />
      )}
      <span className="project-name">{project.name}</span>
      <span className="muted">{t('portfolio.images_count', { count: project.image_count })}</span>
    </Link>
  );
}

interface Editing {
  project?: { id: number | null; groupId: number | null };
  group?: PortfolioGroup | null;
}

function Projects({
  projects,
  groupId,
  owner,
  userId,
}: {
  projects: PortfolioProjectCard[];
  groupId: number | null;
  owner: boolean;
  userId: number;
}) {
  const { t } = useTranslation('profiles');
  const [reorder] = useReorderPortfolioProjectsMutation();
  return (
    <SortableList
      items={projects}
      sortable={owner}
      name={(project) => project.name}
      className="project-grid"
      testId={`projects-${groupId ?? 'none'}`}
      onOrder={(ids) =>
        void reorder({ body: { group_id: groupId, ids } }).then((result) => {
          if ('data' in result) showToast({ severity: 'success', summary: t('portfolio.reordered') });
        })
      }
      render={(project) => <ProjectCard project={project} userId={userId} />}
    />
  );
}

function PortfolioContent({ profile, portfolio }: { profile: FreelancerProfile; portfolio: Portfolio }) {
  const { t } = useTranslation(['profiles', 'common']);
  const owner = profile.is_owner;
  const projectForm = useEditForm('project');
  const groupForm = useEditForm('group');
  const [editing, setEditing] = useState<Editing>({});
  const [reorderGroups] = useReorderPortfolioGroupsMutation();
  const [removeGroup] = useDeletePortfolioGroupMutation();
  const userId = profile.user.id;
  const ungrouped = portfolio.projects.filter((project) => project.group_id === null);
  const empty = portfolio.projects.length === 0 && portfolio.groups.length === 0;
  const openProject = (id: number | null, groupId: number | null) => {
    setEditing({ project: { id, groupId } });
    projectForm.show();
  };
  const openGroup = (group: PortfolioGroup | null) => {
    setEditing({ group });
    groupForm.show();
  };
  return (
    <section className="card" aria-labelledby="portfolio-title" data-testid="portfolio">
      <div className="card-header-row">
        <h2 id="portfolio-title">{t('portfolio.title')}</h2>
        {owner && (
          <div className="card-actions compact">
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('portfolio.add_project')}
              onClick={() => openProject(null, null)}
              data-testid="add-project"
            />
            <Button
              type="button"
              outlined
              icon="pi pi-folder"
              label={t('portfolio.add_group')}
              onClick={() => openGroup(null)}
              data-testid="add-group"
            />
          </div>
        )}
      </div>
      {empty && (
        <p className={owner ? 'empty-state' : 'muted'} data-testid="portfolio-empty">
          {t(owner ? 'portfolio.empty_owner' : 'portfolio.empty')}
        </p>
      )}
      {owner && portfolio.projects.length + portfolio.groups.length > 1 && (
        <p className="muted small">{t('portfolio.reorder_hint')}</p>
      )}
      <SortableList
        items={portfolio.groups}
        sortable={owner}
        name={(group) => group.name}
        className="portfolio-groups"
        testId="portfolio-groups"
        onOrder={(ids) =>
          void reorderGroups({ idOrder: { ids } }).then((result) => {
            if ('data' in result) showToast({ severity: 'success', summary: t('portfolio.reordered') });
          })
        }
        render={(group) => {
          const projects = portfolio.projects.filter((project) => project.group_id === group.id);
          return (
            <section className="portfolio-group" aria-label={group.name} data-testid="portfolio-group">
              <div className="card-header-row">
                <h3>{group.name}</h3>
                {owner && (
                  <div className="group-actions">
                    <Button
                      type="button"
                      icon="pi pi-plus"
                      text
                      size="small"
                      label={t('portfolio.add_project')}
                      onClick={() => openProject(null, group.id)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-pencil"
                      text
                      rounded
                      size="small"
                      aria-label={t('portfolio.edit_group')}
                      onClick={() => openGroup(group)}
                    />
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      rounded
                      size="small"
                      severity="danger"
                      aria-label={t('portfolio.delete_group')}
                      onClick={() =>
                        confirmDelete(
                          t,
                          t('portfolio.delete_group_confirm', { name: `«${group.name}»` }),
                          () => {
                            void removeGroup({ id: group.id });
                          },
                        )
                      }
                    />
                  </div>
                )}
              </div>
              {group.description !== '' && <p className="muted profile-about">{group.description}</p>}
              {projects.length === 0 ? (
                <p className="muted">{t('portfolio.group_empty')}</p>
              ) : (
                <Projects projects={projects} groupId={group.id} owner={owner} userId={userId} />
              )}
            </section>
          );
        }}
      />
      {ungrouped.length > 0 && (
        <section className="portfolio-group" data-testid="portfolio-ungrouped">
          {portfolio.groups.length > 0 && <h3>{t('portfolio.ungrouped')}</h3>}
          <Projects projects={ungrouped} groupId={null} owner={owner} userId={userId} />
        </section>
      )}
      {owner && projectForm.open && (
        <ProjectForm
          projectId={editing.project?.id ?? null}
          groupId={editing.project?.groupId ?? null}
          groups={portfolio.groups}
          onHide={projectForm.hide}
        />
      )}
      {owner && groupForm.open && <GroupForm group={editing.group ?? null} onHide={groupForm.hide} />}
    </section>
  );
}

export function PortfolioTab({ profile }: { profile: FreelancerProfile }) {
  const result = useGetPortfolioQuery({ id: profile.user.id });
  return (
    <QueryState result={result}>
      {(portfolio) => <PortfolioContent profile={profile} portfolio={portfolio} />}
    </QueryState>
  );
}

// freelancer/{idOrSlug}: the portfolio, the profile's default tab (groups, then the projects without a group).
export default function PortfolioPage(slots: ProfileSlots) {
  const { t } = useTranslation('profiles');
  const { id } = useParams();
  return (
    <FreelancerFrame profileKey={id ?? ''} title={t('profile.title_portfolio')} {...slots}>
      {(profile) => <PortfolioTab profile={profile} />}
    </FreelancerFrame>
  );
}
