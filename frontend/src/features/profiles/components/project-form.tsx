import { Chips } from 'primereact/chips';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { QueryFallback } from '@/components/query-state';
import { TextField } from '@/components/text-field';
import {
  useCreatePortfolioProjectMutation,
  useGetPortfolioProjectQuery,
  useUpdatePortfolioProjectMutation,
} from '@/features/profiles/api/profiles-api';
import { Counter, EditDialog, formLevelError } from '@/features/profiles/components/edit-dialog';
import { ProjectImagesField } from '@/features/profiles/components/project-images-field';
import {
  addTool,
  emptyProject,
  kDescriptionMax,
  projectDraft,
  projectProblems,
  toProjectInput,
  type ProjectDraft,
} from '@/features/profiles/model/project-draft';
import { fieldErrors } from '@/lib/api/api-error';
import type { PortfolioGroup, PortfolioProject } from '@/lib/api/schema.generated';
import { showToast } from '@/lib/toast/toast-store';

interface FormProps {
  project: PortfolioProject | null;
  initial: ProjectDraft;
  groups: readonly PortfolioGroup[];
  onHide: () => void;
  onSaved?: (project: PortfolioProject) => void;
}

function ProjectFormDialog({ project, initial, groups, onHide, onSaved }: FormProps) {
  const { t } = useTranslation('profiles');
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [create, created] = useCreatePortfolioProjectMutation();
  const [update, updated] = useUpdatePortfolioProjectMutation();
  const { error, isLoading } = project === null ? created : updated;
  const set = (patch: Partial<ProjectDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const problems = projectProblems(draft);
  const errors = fieldErrors(error);
  const submit = async () => {
    setChecked(true);
    if (Object.keys(problems).length > 0) return;
    const input = toProjectInput(draft);
    const result =
      project === null
        ? await create({ portfolioProjectInput: input })
        : await update({ id: project.id, portfolioProjectInput: input });
    if ('data' in result && result.data !== undefined) {
      showToast({ severity: 'success', summary: t('profile.saved') });
      onHide();
      onSaved?.(result.data);
    }
  };
  const groupOptions = [
    { label: t('portfolio.no_group'), value: null },
    ...groups.map((group) => ({ label: group.name, value: group.id })),
  ];
  return (
    <EditDialog
      header={t(project === null ? 'portfolio.add_project' : 'portfolio.edit_project')}
      onHide={onHide}
      onSubmit={() => void submit()}
      saving={isLoading}
      alert={formLevelError(error, ['group_id', 'name', 'description', 'tools', 'link', 'images'])}
      testId="project-form"
      wide
    >
      <div className="field">
        <label htmlFor="project-group" className="field-label">
          {t('portfolio.group')}
        </label>
        <Dropdown
          inputId="project-group"
          value={draft.groupId}
          options={groupOptions}
          onChange={(event) => set({ groupId: (event.value as number | null | undefined) ?? null })}
        />
        <FieldError message={serverError(errors, 'group_id')} />
      </div>
      <TextField
        id="project-name"
        label={t('portfolio.project_name')}
        name="name"
        required
        value={draft.name}
        onChange={(name) => set({ name })}
        error={
          (checked && problems.name !== undefined ? t(problems.name) : undefined) ??
          serverError(errors, 'name')
        }
      />
      <TextField
        id="project-description"
        label={t('portfolio.project_description')}
        name="description"
        rows={4}
        value={draft.description}
        onChange={(description) => set({ description })}
        error={
          (problems.description !== undefined ? t(problems.description) : undefined) ??
          serverError(errors, 'description')
        }
        hint={<Counter count={draft.description.length} max={kDescriptionMax} />}
      />
      <div className="field">
        <label htmlFor="project-tools" className="field-label">
          {t('portfolio.tools')}
        </label>
        <Chips
          inputId="project-tools"
          value={draft.tools}
          separator=","
          addOnBlur
          allowDuplicate={false}
          onAdd={(event) => {
            set({ tools: addTool(draft.tools, String(event.value)) });
            return false;
          }}
          onRemove={(event) => {
            const value: unknown = event.value;
            const removed = new Set(Array.isArray(value) ? value.map(String) : [String(value)]);
            set({ tools: draft.tools.filter((tool) => !removed.has(tool)) });
          }}
        />
        <div className="field-hint">{t('portfolio.tools_hint')}</div>
        <FieldError message={serverError(errors, 'tools')} />
      </div>
      <TextField
        id="project-link"
        label={t('portfolio.link')}
        name="link"
        value={draft.link}
        placeholder={t('portfolio.link_hint')}
        onChange={(link) => set({ link })}
        error={serverError(errors, 'link')}
      />
      <ProjectImagesField
        value={draft.images}
        onChange={(images) => set({ images })}
        error={serverError(errors, 'images')}
      />
    </EditDialog>
  );
}

function EditProject({ id, ...props }: Omit<FormProps, 'project' | 'initial'> & { id: number }) {
  const result = useGetPortfolioProjectQuery({ id }, { refetchOnMountOrArgChange: true });
  if (result.data === undefined || result.isFetching) {
    return <QueryFallback results={[result]} />;
  }
  return <ProjectFormDialog project={result.data} initial={projectDraft(result.data)} {...props} />;
}

export interface ProjectFormProps {
  // The project to edit (its images are loaded first); null for a new one.
  projectId: number | null;
  groupId?: number | null;
  groups: readonly PortfolioGroup[];
  onHide: () => void;
  onSaved?: (project: PortfolioProject) => void;
}

// A portfolio project, new or edited: group, name, description (≤ 500, live counter, SPEC's message), tools,
// link and images (upload, cover, remove).
export function ProjectForm({ projectId, groupId = null, ...props }: ProjectFormProps) {
  if (projectId !== null) return <EditProject id={projectId} {...props} />;
  return <ProjectFormDialog project={null} initial={emptyProject(groupId)} {...props} />;
}
