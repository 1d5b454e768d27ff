import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError } from '@/components/field-error';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import {
  endOfDay,
  kDescriptionLength,
  kMaxSkills,
  textLength,
  type OrderDraft,
} from '@/features/orders/model/order-draft';
import { kPaymentOptions } from '@/features/orders/model/order-filters';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';

// What every field group of the order form gets: the draft, a setter, and the message for a server field (the
// form's own check, or the server's 422 until the field is edited).
export interface OrderFieldsProps {
  draft: OrderDraft;
  set: (patch: Partial<OrderDraft>) => void;
  message: (field: string) => string | undefined;
  catalog: CatalogIndex;
}

// "By agreement" beside an amount or a date: it disables them and sends null.
function ByAgreement({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <div className="checkbox">
      <Checkbox inputId={id} checked={checked} onChange={(event) => onChange(event.checked === true)} />
      <label htmlFor={id}>{t('form.by_agreement')}</label>
    </div>
  );
}

export function TitleFields({ draft, set, message }: OrderFieldsProps) {
  const { t } = useTranslation('orders');
  return (
    <>
      <TextField
        label={t('form.name')}
        name="name"
        id="order-name"
        maxLength={200}
        placeholder={t('form.name_placeholder')}
        value={draft.name}
        onChange={(name) => set({ name })}
        error={message('name')}
      />
      <TextField
        label={t('form.description')}
        name="description"
        id="order-description"
        rows={7}
        maxLength={kDescriptionLength.max}
        value={draft.description}
        onChange={(description) => set({ description })}
        hint={
          <>
            {t('form.description_hint')}
            <span className="field-counter" data-testid="description-counter">
              {t('form.description_counter', {
                count: textLength(draft.description),
                min: kDescriptionLength.min,
              })}
            </span>
          </>
        }
        error={message('description')}
      />
    </>
  );
}

export function CategoryFields({ draft, set, message, catalog }: OrderFieldsProps) {
  const { t } = useTranslation('orders');
  return (
    <>
      <div className="field-pair">
        <SelectField id="order-category" label={t('form.category')} error={message('category_id')}>
          <Dropdown
            inputId="order-category"
            value={draft.categoryId}
            options={catalog.categoryOptions()}
            placeholder={t('form.category_placeholder')}
            invalid={message('category_id') !== undefined}
            onChange={(event) => {
              const categoryId = event.value as number;
              // Skills follow the category: the ones that do not serve the new one are dropped.
              set({
                categoryId,
                specializationId: null,
                skillIds: draft.skillIds.filter((id) => catalog.servesCategory(id, categoryId)),
              });
            }}
          />
        </SelectField>
        <SelectField
          id="order-specialization"
          label={t('form.specialization')}
          error={message('specialization_id')}
        >
          <Dropdown
            inputId="order-specialization"
            value={draft.specializationId}
            options={catalog.specializationOptions(draft.categoryId)}
            placeholder={t('form.specialization_placeholder')}
            disabled={draft.categoryId === null}
            showClear
            onChange={(event) => set({ specializationId: (event.value as number | undefined) ?? null })}
          />
        </SelectField>
      </div>
      <SelectField id="order-skills" label={t('form.skills')} error={message('skill_ids')}>
        <MultiSelect
          inputId="order-skills"
          value={draft.skillIds}
          options={catalog.skillOptions(draft.categoryId, draft.skillIds)}
          placeholder={t('form.skills_placeholder')}
          selectionLimit={kMaxSkills}
          showSelectAll={false}
          filter
          display="chip"
          onChange={(event) => set({ skillIds: event.value as number[] })}
        />
      </SelectField>
    </>
  );
}

export function BudgetField({ draft, set, message, catalog }: OrderFieldsProps) {
  const { t } = useTranslation('orders');
  return (
    <fieldset className="field">
      <legend className="field-label">{t('form.budget')}</legend>
      <div className="money-input">
        <InputText
          aria-label={t('form.budget_amount')}
          name="budget"
          inputMode="decimal"
          value={draft.budgetAmount}
          disabled={draft.budgetByAgreement}
          invalid={message('budget') !== undefined}
          onChange={(event) => set({ budgetAmount: event.target.value })}
        />
        <Dropdown
          aria-label={t('filters.currency')}
          value={draft.currency}
          options={catalog.currencyOptions()}
          disabled={draft.budgetByAgreement}
          onChange={(event) => set({ currency: event.value as string })}
        />
        <ByAgreement
          id="budget-agreement"
          checked={draft.budgetByAgreement}
          onChange={(budgetByAgreement) => set({ budgetByAgreement })}
        />
      </div>
      <FieldError message={message('budget')} />
    </fieldset>
  );
}

// A date (the order stays open through that day, see endOfDay); a typed date the picker cannot read, or a past
// one, is said so instead of vanishing.
export function DeadlineField({ draft, set, message }: OrderFieldsProps) {
  const { t } = useTranslation('orders');
  const [typed, setTyped] = useState('');
  const [unreadable, setUnreadable] = useState(false);
  const error =
    unreadable && !draft.deadlineByAgreement ? t('form.deadline_unreadable') : message('deadline_at');
  return (
    <fieldset className="field">
      <legend className="field-label">{t('form.deadline')}</legend>
      <div className="money-input">
        <Calendar
          inputId="order-deadline"
          aria-label={t('form.deadline_date')}
          value={draft.deadline}
          disabled={draft.deadlineByAgreement}
          invalid={error !== undefined}
          onInput={(event) => setTyped((event.target as HTMLInputElement).value)}
          onBlur={() => setUnreadable(typed.trim() !== '' && draft.deadline === null)}
          onChange={(event) => {
            const day = event.value ?? null;
            if (day !== null) setUnreadable(false);
            set({ deadline: day === null ? null : endOfDay(day) });
          }}
        />
        <ByAgreement
          id="deadline-agreement"
          checked={draft.deadlineByAgreement}
          onChange={(deadlineByAgreement) => set({ deadlineByAgreement })}
        />
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}

export function PaymentAndPlaceFields({ draft, set, message, catalog }: OrderFieldsProps) {
  const { t } = useTranslation('orders');
  return (
    <>
      <SelectField id="order-payment" label={t('form.payment')} error={message('payment_option')}>
        <Dropdown
          inputId="order-payment"
          value={draft.payment}
          options={kPaymentOptions.map((value) => ({ value, label: t(`payment.${value}`) }))}
          onChange={(event) => set({ payment: event.value as OrderDraft['payment'] })}
        />
      </SelectField>
      <div className="field-pair">
        <SelectField id="order-country" label={t('form.country')} error={message('country_id')}>
          <Dropdown
            inputId="order-country"
            value={draft.countryId}
            options={catalog.countryOptions()}
            placeholder={t('form.country_placeholder')}
            filter
            showClear
            onChange={(event) =>
              set({ countryId: (event.value as number | undefined) ?? null, cityId: null })
            }
          />
        </SelectField>
        <SelectField id="order-city" label={t('form.city')} error={message('city_id')}>
          <Dropdown
            inputId="order-city"
            value={draft.cityId}
            options={catalog.cityOptions(draft.countryId)}
            placeholder={t('form.city_placeholder')}
            disabled={draft.countryId === null}
            filter
            showClear
            onChange={(event) => set({ cityId: (event.value as number | undefined) ?? null })}
          />
        </SelectField>
      </div>
      <div className="checkbox">
        <Checkbox
          inputId="order-portfolio-required"
          checked={draft.portfolioRequired}
          onChange={(event) => set({ portfolioRequired: event.checked === true })}
        />
        <label htmlFor="order-portfolio-required">{t('form.portfolio_required')}</label>
      </div>
    </>
  );
}
