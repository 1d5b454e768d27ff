import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError, serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import {
  emptyEducation,
  emptyExperience,
  emptyLanguage,
  kEducationLevels,
  kEmployments,
  kLanguageCodes,
  kLanguageLevels,
  kMaxEducation,
  kMaxExperience,
  kMaxLanguages,
  kMaxSpecializations,
  kPositionLength,
  kSchedules,
  move,
  toResumeFields,
  type DraftError,
  type DraftErrors,
  type ResumeDraft,
  type ResumeFields,
} from '@/features/resumes/model/resume-draft';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';

export interface ResumeFormProps {
  initial: ResumeDraft;
  catalog: CatalogIndex;
  // The server's 422 field errors of the last save ({} when none), keyed as the API names them.
  serverErrors: Record<string, string[]>;
  busy: boolean;
  // Whether the resume is already published (the buttons then say "Save").
  published: boolean;
  onSave: (fields: ResumeFields, publish: boolean) => void;
  // The photo block (the edit page's upload), shown above the fields.
  photo?: ReactNode;
}

// The server fields the form shows under a field; any other 422 shows above the form.
const kShownFields = [
  'position',
  'category_id',
  'specialization_ids',
  'salary',
  'employments',
  'schedules',
  'experience',
  'education',
  'skill_ids',
  'languages',
  'about',
  'citizenship_id',
  'country_id',
  'city_id',
  'visibility',
];

export function languageName(code: string, language: string): string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    const name = names.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return code;
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="resume-form-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function CheckboxField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="checkbox">
      <Checkbox inputId={id} checked={checked} onChange={(event) => onChange(event.checked === true)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

// The entry's move up / move down / remove buttons.
function EntryTools({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('resumes');
  return (
    <div className="entry-tools">
      <Button
        type="button"
        text
        icon="pi pi-arrow-up"
        aria-label={t('form.move_up')}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      />
      <Button
        type="button"
        text
        icon="pi pi-arrow-down"
        aria-label={t('form.move_down')}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      />
      <Button
        type="button"
        text
        severity="danger"
        icon="pi pi-trash"
        aria-label={t('form.remove')}
        onClick={onRemove}
      />
    </div>
  );
}

// resume/create and resume/{id}/edit: every field of the resume in sections, the entries (work experience,
// education, languages) added, removed and reordered in place; "Save as draft" and "Publish". The form checks
// what it must before sending and shows the server's 422 messages under their fields until a field is edited.
export function ResumeForm({
  initial,
  catalog,
  serverErrors,
  busy,
  published,
  onSave,
  photo,
}: ResumeFormProps) {
  const { t } = useTranslation(['resumes', 'jobs']);
  const lang = useLanguage();
  const [draft, setDraft] = useState<ResumeDraft>(initial);
  const [local, setLocal] = useState<DraftErrors>({});
  // The server fields edited since the last submit (their stale messages hide).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(local).length === 0) return;
    const field = formRef.current?.querySelector('.field-error')?.closest<HTMLElement>('.field');
    field?.scrollIntoView?.({ block: 'center' });
  }, [local]);

  const set = (patch: Partial<ResumeDraft>, field: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    setEdited((current) => new Set(current).add(field));
  };
  const text = (code: DraftError) =>
    code === 'position_short'
      ? t('form.errors.position_short', { count: kPositionLength.min })
      : t(`form.errors.${code}`);
  const message = (field: string): string | undefined => {
    if (edited.has(field)) return undefined;
    const code = local[field];
    if (code !== undefined) return text(code);
    return serverErrors[field]?.[0] ?? (field.includes('.') ? undefined : serverError(serverErrors, field));
  };

  const submit = (publish: boolean) => {
    setEdited(new Set());
    const checked = toResumeFields(draft, catalog.minorUnits(draft.currency), lang);
    if (checked.errors !== null) {
      setLocal(checked.errors);
      return;
    }
    setLocal({});
    onSave(checked.fields, publish);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(true);
  };

  const unexpected = Object.keys(serverErrors).filter(
    (key) => !kShownFields.some((field) => key === field || key.startsWith(`${field}.`)),
  );
  const entryEdited = (prefix: string) => (field: string) => `${prefix}.${field}`;

  const setExperience = (index: number, patch: Partial<ResumeDraft['experience'][number]>, field: string) =>
    set(
      { experience: draft.experience.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)) },
      entryEdited(`experience.${index}`)(field),
    );
  const setEducation = (index: number, patch: Partial<ResumeDraft['education'][number]>, field: string) =>
    set(
      { education: draft.education.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)) },
      entryEdited(`education.${index}`)(field),
    );
  const setLanguage = (index: number, patch: Partial<ResumeDraft['languages'][number]>) =>
    set(
      { languages: draft.languages.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)) },
      'languages',
    );
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as 'jobs:employment.full') }));
  const languageOptions = kLanguageCodes.map((code) => ({ value: code, label: languageName(code, lang) }));

  return (
    <form ref={formRef} className="resume-form" onSubmit={onSubmit} noValidate data-testid="resume-form">
      {unexpected.map((key) => (
        <FormAlert key={key} severity="error">
          {serverErrors[key]?.[0]}
        </FormAlert>
      ))}
      {photo}
      <Section title={t('form.section.position')}>
        <TextField
          label={t('form.position')}
          name="position"
          id="resume-position"
          maxLength={kPositionLength.max}
          placeholder={t('form.position_placeholder')}
          value={draft.position}
          onChange={(position) => set({ position }, 'position')}
          error={message('position')}
        />
        <div className="field-pair">
          <SelectField id="resume-category" label={t('form.category')} error={message('category_id')}>
            <Dropdown
              inputId="resume-category"
              value={draft.categoryId}
              options={catalog.categoryOptions()}
              placeholder={t('form.category_placeholder')}
              invalid={message('category_id') !== undefined}
              onChange={(event) =>
                set(
                  {
                    categoryId: event.value as number,
                    specializationIds: [],
                    skillIds: draft.skillIds.filter((id) =>
                      catalog.servesCategory(id, event.value as number),
                    ),
                  },
                  'category_id',
                )
              }
            />
          </SelectField>
          <SelectField
            id="resume-specializations"
            label={t('form.specializations')}
            error={message('specialization_ids')}
          >
            <MultiSelect
              inputId="resume-specializations"
              value={draft.specializationIds}
              options={catalog.specializationOptions(draft.categoryId)}
              placeholder={t('form.specializations_placeholder')}
              disabled={draft.categoryId === null}
              selectionLimit={kMaxSpecializations}
              showSelectAll={false}
              display="chip"
              onChange={(event) => set({ specializationIds: event.value as number[] }, 'specialization_ids')}
            />
          </SelectField>
        </div>
        <fieldset className="field">
          <legend className="field-label">{t('form.salary')}</legend>
          <div className="money-input">
            <InputText
              aria-label={t('form.salary_amount')}
              name="salary"
              inputMode="decimal"
              value={draft.salary}
              invalid={message('salary') !== undefined}
              onChange={(event) => set({ salary: event.target.value }, 'salary')}
            />
            <Dropdown
              aria-label={t('form.currency')}
              value={draft.currency}
              options={catalog.currencyOptions()}
              onChange={(event) => set({ currency: event.value as string }, 'salary')}
            />
          </div>
          <FieldError message={message('salary')} />
        </fieldset>
        <div className="field-pair">
          <SelectField id="resume-employments" label={t('form.employments')} error={message('employments')}>
            <MultiSelect
              inputId="resume-employments"
              value={draft.employments}
              options={options(kEmployments, 'jobs:employment')}
              placeholder={t('form.any')}
              showSelectAll={false}
              display="chip"
              onChange={(event) =>
                set({ employments: event.value as ResumeDraft['employments'] }, 'employments')
              }
            />
          </SelectField>
          <SelectField id="resume-schedules" label={t('form.schedules')} error={message('schedules')}>
            <MultiSelect
              inputId="resume-schedules"
              value={draft.schedules}
              options={options(kSchedules, 'jobs:schedule')}
              placeholder={t('form.any')}
              showSelectAll={false}
              display="chip"
              onChange={(event) => set({ schedules: event.value as ResumeDraft['schedules'] }, 'schedules')}
            />
          </SelectField>
        </div>
      </Section>

      <Section title={t('form.section.experience')}>
        {draft.experience.length === 0 && <p className="muted">{t('form.experience_none')}</p>}
        <ol className="resume-entries" data-testid="experience-entries">
          {draft.experience.map((entry, index) => {
            const at = `experience.${index}`;
            return (
              <li key={entry.key} className="resume-entry" data-testid="experience-entry">
                <div className="resume-entry-head">
                  <strong>{t('form.experience_entry', { n: index + 1 })}</strong>
                  <EntryTools
                    index={index}
                    count={draft.experience.length}
                    onMove={(by) => set({ experience: move(draft.experience, index, by) }, 'experience')}
                    onRemove={() =>
                      set({ experience: draft.experience.filter((_, i) => i !== index) }, 'experience')
                    }
                  />
                </div>
                <div className="field-pair">
                  <TextField
                    label={t('form.company')}
                    name={`${at}.company`}
                    id={`experience-${entry.key}-company`}
                    maxLength={150}
                    value={entry.company}
                    onChange={(company) => setExperience(index, { company }, 'company')}
                    error={message(`${at}.company`)}
                  />
                  <TextField
                    label={t('form.job_position')}
                    name={`${at}.position`}
                    id={`experience-${entry.key}-position`}
                    maxLength={150}
                    value={entry.position}
                    onChange={(position) => setExperience(index, { position }, 'position')}
                    error={message(`${at}.position`)}
                  />
                </div>
                <div className="field-pair">
                  <div className="field">
                    <label className="field-label" htmlFor={`experience-${entry.key}-start`}>
                      {t('form.start')}
                    </label>
                    <InputText
                      id={`experience-${entry.key}-start`}
                      type="month"
                      placeholder={t('form.month_placeholder')}
                      value={entry.start}
                      invalid={message(`${at}.start`) !== undefined}
                      onChange={(event) => setExperience(index, { start: event.target.value }, 'start')}
                    />
                    <FieldError message={message(`${at}.start`)} />
                  </div>
                  <div className="field">
                    <label className="field-label" htmlFor={`experience-${entry.key}-end`}>
                      {t('form.end')}
                    </label>
                    <InputText
                      id={`experience-${entry.key}-end`}
                      type="month"
                      placeholder={t('form.month_placeholder')}
                      value={entry.now ? '' : entry.end}
                      disabled={entry.now}
                      invalid={message(`${at}.end`) !== undefined}
                      onChange={(event) => setExperience(index, { end: event.target.value }, 'end')}
                    />
                    <CheckboxField
                      id={`experience-${entry.key}-now`}
                      label={t('form.now')}
                      checked={entry.now}
                      onChange={(now) => setExperience(index, { now }, 'end')}
                    />
                    <FieldError message={message(`${at}.end`)} />
                  </div>
                </div>
                <TextField
                  label={t('form.duties')}
                  name={`${at}.description`}
                  id={`experience-${entry.key}-description`}
                  rows={3}
                  maxLength={3000}
                  value={entry.description}
                  onChange={(description) => setExperience(index, { description }, 'description')}
                  error={message(`${at}.description`)}
                />
              </li>
            );
          })}
        </ol>
        <FieldError message={serverErrors.experience?.[0]} />
        <Button
          type="button"
          outlined
          icon="pi pi-plus"
          label={t('form.add_experience')}
          disabled={draft.experience.length >= kMaxExperience}
          onClick={() => set({ experience: [...draft.experience, emptyExperience()] }, 'experience')}
        />
      </Section>

      <Section title={t('form.section.education')}>
        <ol className="resume-entries" data-testid="education-entries">
          {draft.education.map((entry, index) => {
            const at = `education.${index}`;
            return (
              <li key={entry.key} className="resume-entry" data-testid="education-entry">
                <div className="resume-entry-head">
                  <SelectField
                    id={`education-${entry.key}-level`}
                    label={t('form.level')}
                    error={message(`${at}.level`)}
                  >
                    <Dropdown
                      inputId={`education-${entry.key}-level`}
                      value={entry.level}
                      options={options(kEducationLevels, 'jobs:education_level')}
                      onChange={(event) =>
                        setEducation(index, { level: event.value as typeof entry.level }, 'level')
                      }
                    />
                  </SelectField>
                  <EntryTools
                    index={index}
                    count={draft.education.length}
                    onMove={(by) => set({ education: move(draft.education, index, by) }, 'education')}
                    onRemove={() =>
                      set({ education: draft.education.filter((_, i) => i !== index) }, 'education')
                    }
                  />
                </div>
                <TextField
                  label={t('form.institution')}
                  name={`${at}.institution`}
                  id={`education-${entry.key}-institution`}
                  maxLength={200}
                  value={entry.institution}
                  onChange={(institution) => setEducation(index, { institution }, 'institution')}
                  error={message(`${at}.institution`)}
                />
                <div className="field-pair">
                  <TextField
                    label={t('form.specialty')}
                    name={`${at}.specialty`}
                    id={`education-${entry.key}-specialty`}
                    maxLength={200}
                    value={entry.specialty}
                    onChange={(specialty) => setEducation(index, { specialty }, 'specialty')}
                    error={message(`${at}.specialty`)}
                  />
                  <TextField
                    label={t('form.graduation_year')}
                    name={`${at}.graduation_year`}
                    id={`education-${entry.key}-year`}
                    inputMode="numeric"
                    maxLength={4}
                    value={entry.year}
                    onChange={(year) => setEducation(index, { year }, 'graduation_year')}
                    error={message(`${at}.graduation_year`)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          outlined
          icon="pi pi-plus"
          label={t('form.add_education')}
          disabled={draft.education.length >= kMaxEducation}
          onClick={() => set({ education: [...draft.education, emptyEducation()] }, 'education')}
        />
      </Section>

      <Section title={t('form.section.skills')}>
        <SelectField id="resume-skills" label={t('form.skills')} error={message('skill_ids')}>
          <MultiSelect
            inputId="resume-skills"
            value={draft.skillIds}
            options={catalog.skillOptions(draft.categoryId, draft.skillIds)}
            placeholder={t('form.skills_placeholder')}
            selectionLimit={30}
            showSelectAll={false}
            filter
            display="chip"
            onChange={(event) => set({ skillIds: event.value as number[] }, 'skill_ids')}
          />
        </SelectField>
        <div className="field">
          <span className="field-label">{t('form.languages')}</span>
          <ul className="resume-languages" data-testid="language-entries">
            {draft.languages.map((entry, index) => (
              <li key={entry.key} className="resume-language">
                <Dropdown
                  aria-label={t('form.language')}
                  value={entry.code}
                  options={languageOptions}
                  filter
                  onChange={(event) => setLanguage(index, { code: event.value as string })}
                />
                <Dropdown
                  aria-label={t('form.language_level')}
                  value={entry.level}
                  options={options(kLanguageLevels, 'jobs:language_level')}
                  onChange={(event) => setLanguage(index, { level: event.value as typeof entry.level })}
                />
                <Button
                  type="button"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={t('form.remove')}
                  onClick={() =>
                    set({ languages: draft.languages.filter((_, i) => i !== index) }, 'languages')
                  }
                />
              </li>
            ))}
          </ul>
          <FieldError message={message('languages')} />
          <Button
            type="button"
            text
            icon="pi pi-plus"
            label={t('form.add_language')}
            disabled={draft.languages.length >= kMaxLanguages}
            onClick={() => set({ languages: [...draft.languages, emptyLanguage()] }, 'languages')}
          />
        </div>
        <TextField
          label={t('form.about')}
          name="about"
          id="resume-about"
          rows={5}
          maxLength={5000}
          value={draft.about}
          onChange={(about) => set({ about }, 'about')}
          error={message('about')}
        />
      </Section>

      <Section title={t('form.section.place')}>
        <div className="field-pair">
          <SelectField
            id="resume-citizenship"
            label={t('form.citizenship')}
            error={message('citizenship_id')}
          >
            <Dropdown
              inputId="resume-citizenship"
              value={draft.citizenshipId}
              options={catalog.countryOptions()}
              placeholder={t('form.not_specified')}
              filter
              showClear
              onChange={(event) =>
                set({ citizenshipId: (event.value as number | undefined) ?? null }, 'citizenship_id')
              }
            />
          </SelectField>
          <SelectField id="resume-country" label={t('form.country')} error={message('country_id')}>
            <Dropdown
              inputId="resume-country"
              value={draft.countryId}
              options={catalog.countryOptions()}
              placeholder={t('form.not_specified')}
              filter
              showClear
              onChange={(event) =>
                set({ countryId: (event.value as number | undefined) ?? null, cityId: null }, 'country_id')
              }
            />
          </SelectField>
          <SelectField id="resume-city" label={t('form.city')} error={message('city_id')}>
            <Dropdown
              inputId="resume-city"
              value={draft.cityId}
              options={catalog.cityOptions(draft.countryId)}
              placeholder={t('form.not_specified')}
              disabled={draft.countryId === null}
              filter
              showClear
              onChange={(event) => set({ cityId: (event.value as number | undefined) ?? null }, 'city_id')}
            />
          </SelectField>
        </div>
        <div className="resume-flags">
          <CheckboxField
            id="resume-relocate"
            label={t('form.relocate')}
            checked={draft.relocate}
            onChange={(relocate) => set({ relocate }, 'relocate')}
          />
          <CheckboxField
            id="resume-trips"
            label={t('form.business_trips')}
            checked={draft.businessTrips}
            onChange={(businessTrips) => set({ businessTrips }, 'business_trips')}
          />
        </div>
      </Section>

      <Section title={t('form.section.visibility')}>
        <div className="resume-visibility">
          {(['public', 'responded'] as const).map((value) => (
            <div key={value} className="checkbox">
              <RadioButton
                inputId={`resume-visibility-${value}`}
                name="visibility"
                value={value}
                checked={draft.visibility === value}
                onChange={() => set({ visibility: value }, 'visibility')}
              />
              <label htmlFor={`resume-visibility-${value}`}>{t(`visibility.${value}_long`)}</label>
            </div>
          ))}
        </div>
        <FieldError message={message('visibility')} />
      </Section>

      <div className="card-actions">
        <Button type="submit" loading={busy} label={published ? t('form.save') : t('form.publish')} />
        {!published && (
          <Button
            type="button"
            outlined
            disabled={busy}
            label={t('form.save_draft')}
            data-testid="save-draft"
            onClick={() => submit(false)}
          />
        )}
      </div>
    </form>
  );
}
