import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { useUpdateFreelancerProfileMutation } from '@/features/profiles/api/profiles-api';
import { Counter, EditDialog, formLevelError } from '@/features/profiles/components/edit-dialog';
import {
  addSpecialization,
  kAboutMax,
  kHeadlineMax,
  kLanguageCodes,
  kMaxSkills,
  kMaxSpecializations,
  keepServedSkills,
  profileDraft,
  profileProblems,
  removeSpecialization,
  setMainSpecialization,
  skillOptions,
  toProfileInput,
  type ProfileDraft,
} from '@/features/profiles/model/profile-draft';
import { fieldErrors } from '@/lib/api/api-error';
import type { FreelancerProfile } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';
import { showToast } from '@/lib/toast/toast-store';

export function languageName(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return code;
  }
}

function Group({
  id,
  label,
  error,
  children,
}: {
  id?: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <FieldError message={error} />
    </div>
  );
}

// The profile's fields (PUT /api/profile/freelancer): headline, about, specializations (≤ 5, one main), skills
// (≤ 30, of the chosen categories), experience, country and city, languages, rate and currency, open to work.
export function ProfileForm({
  profile,
  catalog,
  field,
  onHide,
}: {
  profile: FreelancerProfile;
  catalog: CatalogIndex;
  // The field to focus first (a completeness link's).
  field: string | null;
  onHide: () => void;
}) {
  const { t } = useTranslation('profiles');
  const lang = useLanguage();
  const [draft, setDraft] = useState(() => profileDraft(profile, catalog));
  const [save, { isLoading, error }] = useUpdateFreelancerProfileMutation();
  const set = (patch: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const problems = profileProblems(draft, catalog, lang);
  const errors = fieldErrors(error);
  const message = (name: keyof typeof problems, server: string = name) => {
    const key = problems[name];
    const counts: Record<string, number> = {
      specializations_max: kMaxSpecializations,
      skills_max: kMaxSkills,
      headline_max: kHeadlineMax,
      about_max: kAboutMax,
    };
    return key !== undefined
      ? t(key as 'main_required', { count: counts[key] ?? 0 })
      : serverError(errors, server);
  };
  const setSpecializations = (specializations: ProfileDraft['specializations']) =>
    set({ specializations, skillIds: keepServedSkills(catalog, specializations, draft.skillIds) });
  const submit = async () => {
    if (Object.keys(problems).length > 0) return;
    const result = await save({ freelancerProfileInput: toProfileInput(draft, catalog, lang) });
    if ('data' in result) {
      showToast({ severity: 'success', summary: t('profile.saved') });
      onHide();
    }
  };
  const focus = () => {
    if (field === null) return;
    document.getElementById(`profile-${field}`)?.focus();
  };
  const specializationGroups = catalog.catalog.categories.map((category) => ({
    label: catalog.name(category.names),
    items: category.specializations
      .filter((spec) => !draft.specializations.some((item) => item.id === spec.id))
      .map((spec) => ({ label: catalog.name(spec.names), value: spec.id })),
  }));
  return (
    <EditDialog
      header={t('profile.edit_profile')}
      onHide={onHide}
      onShow={focus}
      onSubmit={() => void submit()}
      saving={isLoading}
      alert={formLevelError(error, [
        'headline',
        'about',
        'specializations',
        'skill_ids',
        'experience_years',
        'country_id',
        'city_id',
        'languages',
        'rate',
        'available',
      ])}
      testId="profile-form"
      wide
    >
      <TextField
        id="profile-headline"
        label={t('profile.headline')}
        name="headline"
        value={draft.headline}
        placeholder={t('profile.headline_placeholder')}
        onChange={(headline) => set({ headline })}
        error={message('headline')}
      />
      <TextField
        id="profile-about"
        label={t('profile.about')}
        name="about"
        rows={5}
        value={draft.about}
        onChange={(about) => set({ about })}
        error={message('about')}
        hint={<Counter count={draft.about.length} max={kAboutMax} />}
      />
      <fieldset className="field">
        <legend className="field-label">{t('profile.specializations')}</legend>
        {draft.specializations.length > 0 && (
          <ul className="specialization-edit" data-testid="specializations-edit">
            {draft.specializations.map((item) => {
              const spec = catalog.specialization(item.id);
              const name = spec === undefined ? String(item.id) : catalog.name(spec.names);
              return (
                <li key={item.id}>
                  <RadioButton
                    inputId={`main-${item.id}`}
                    name="main-specialization"
                    checked={item.main}
                    onChange={() =>
                      set({ specializations: setMainSpecialization(draft.specializations, item.id) })
                    }
                  />
                  <label htmlFor={`main-${item.id}`}>
                    {name}
                    {item.main && <span className="main-badge">{t('profile.main')}</span>}
                  </label>
                  <Button
                    type="button"
                    icon="pi pi-times"
                    text
                    rounded
                    size="small"
                    aria-label={t('profile.remove_specialization', { name })}
                    onClick={() => setSpecializations(removeSpecialization(draft.specializations, item.id))}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <Dropdown
          inputId="profile-specializations"
          value={null}
          options={specializationGroups}
          optionGroupLabel="label"
          optionGroupChildren="items"
          filter
          placeholder={t('profile.specialization_add')}
          disabled={draft.specializations.length >= kMaxSpecializations}
          onChange={(event) =>
            setSpecializations(addSpecialization(draft.specializations, event.value as number))
          }
        />
        <div className="field-hint">{t('profile.specializations_hint')}</div>
        <FieldError message={message('specializations')} />
      </fieldset>
      <Group id="profile-skills" label={t('profile.skills')} error={message('skill_ids')}>
        <MultiSelect
          inputId="profile-skills"
          value={draft.skillIds}
          options={skillOptions(catalog, draft.specializations, draft.skillIds)}
          placeholder={t('profile.skills_placeholder')}
          selectionLimit={kMaxSkills}
          showSelectAll={false}
          filter
          display="chip"
          onChange={(event) => set({ skillIds: event.value as number[] })}
        />
        <div className="field-hint">{t('profile.skills_hint')}</div>
      </Group>
      <div className="field-pair">
        <Group
          id="profile-experience"
          label={t('profile.experience_years')}
          error={message('experience_years')}
        >
          <InputText
            id="profile-experience"
            inputMode="numeric"
            value={draft.experience}
            onChange={(event) => set({ experience: event.target.value })}
          />
        </Group>
        <Group id="profile-languages" label={t('profile.languages')} error={serverError(errors, 'languages')}>
          <MultiSelect
            inputId="profile-languages"
            value={draft.languages}
            options={kLanguageCodes.map((code) => ({ label: languageName(code, lang), value: code }))}
            placeholder={t('profile.languages_placeholder')}
            selectionLimit={10}
            showSelectAll={false}
            filter
            display="chip"
            onChange={(event) => set({ languages: event.value as string[] })}
          />
        </Group>
      </div>
      <div className="field-pair" id="profile-location-fields">
        <Group id="profile-location" label={t('profile.country')} error={serverError(errors, 'country_id')}>
          <Dropdown
            inputId="profile-location"
            value={draft.countryId}
            options={catalog.countryOptions()}
            placeholder={t('profile.country_placeholder')}
            filter
            showClear
            onChange={(event) =>
              set({ countryId: (event.value as number | undefined) ?? null, cityId: null })
            }
          />
        </Group>
        <Group id="profile-city" label={t('profile.city')} error={message('city_id')}>
          <Dropdown
            inputId="profile-city"
            value={draft.cityId}
            options={catalog.cityOptions(draft.countryId)}
            placeholder={t('profile.city_placeholder')}
            disabled={draft.countryId === null}
            filter
            showClear
            onChange={(event) => set({ cityId: (event.value as number | undefined) ?? null })}
          />
        </Group>
      </div>
      <fieldset className="field">
        <legend className="field-label">{t('profile.rate')}</legend>
        <div className="money-input">
          <InputText
            id="profile-rate"
            aria-label={t('profile.rate_amount')}
            inputMode="decimal"
            value={draft.rateAmount}
            invalid={message('rate') !== undefined}
            onChange={(event) => set({ rateAmount: event.target.value })}
          />
          <Dropdown
            aria-label={t('profile.currency')}
            value={draft.currency}
            options={catalog.currencyOptions()}
            onChange={(event) => set({ currency: event.value as string })}
          />
        </div>
        <FieldError message={message('rate')} />
      </fieldset>
      <div className="field switch-field">
        <InputSwitch
          inputId="profile-available"
          checked={draft.available}
          onChange={(event) => set({ available: event.value === true })}
        />
        <label htmlFor="profile-available">{t('profile.available')}</label>
      </div>
    </EditDialog>
  );
}
