import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import {
  useCreatePortfolioGroupMutation,
  useUpdatePortfolioGroupMutation,
} from '@/features/profiles/api/profiles-api';
import { Counter, EditDialog, formLevelError } from '@/features/profiles/components/edit-dialog';
import { kDescriptionMax } from '@/features/profiles/model/project-draft';
import { fieldErrors } from '@/lib/api/api-error';
import type { PortfolioGroup } from '@/lib/api/schema.generated';
import { showToast } from '@/lib/toast/toast-store';

// A portfolio group, new or edited: name and description (≤ 500, with a live counter).
export function GroupForm({ group, onHide }: { group: PortfolioGroup | null; onHide: () => void }) {
  const { t } = useTranslation('profiles');
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [checked, setChecked] = useState(false);
  const [create, created] = useCreatePortfolioGroupMutation();
  const [update, updated] = useUpdatePortfolioGroupMutation();
  const { error, isLoading } = group === null ? created : updated;
  const nameProblem = name.trim() === '' ? t('name_required') : undefined;
  const descriptionProblem = description.length > kDescriptionMax ? t('description_max') : undefined;
  const submit = async () => {
    setChecked(true);
    if (nameProblem !== undefined || descriptionProblem !== undefined) return;
    const input = { name: name.trim(), description };
    const result =
      group === null
        ? await create({ portfolioGroupInput: input })
        : await update({ id: group.id, portfolioGroupInput: input });
    if ('data' in result) {
      showToast({ severity: 'success', summary: t('profile.saved') });
      onHide();
    }
  };
  const errors = fieldErrors(error);
  return (
    <EditDialog
      header={t(group === null ? 'portfolio.add_group' : 'portfolio.edit_group')}
      onHide={onHide}
      onSubmit={() => void submit()}
      saving={isLoading}
      alert={formLevelError(error, ['name', 'description'])}
      testId="group-form"
    >
      <TextField
        id="group-name"
        label={t('portfolio.group_name')}
        name="name"
        required
        value={name}
        onChange={setName}
        error={(checked ? nameProblem : undefined) ?? serverError(errors, 'name')}
      />
      <TextField
        id="group-description"
        label={t('portfolio.group_description')}
        name="description"
        rows={3}
        value={description}
        onChange={setDescription}
        error={descriptionProblem ?? serverError(errors, 'description')}
        hint={<Counter count={description.length} max={kDescriptionMax} />}
      />
    </EditDialog>
  );
}
