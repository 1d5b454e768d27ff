import '@/features/orders/orders.css';

import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import { FormAlert } from '@/components/form-alert';
import { NotFoundPage } from '@/components/not-found-page';
import { PageLoader } from '@/components/page-loader';
import {
  useCreateJobOfferMutation,
  useCreateOrderMutation,
  useGetOrderQuery,
  useGetPublicUserQuery,
  useUpdateOrderMutation,
  type Attachment,
  type OrderDetail,
} from '@/features/orders/api/orders-api';
import { AttachmentsField } from '@/features/orders/components/attachments-field';
import { FieldError, serverError } from '@/features/orders/components/field-error';
import { PersonLink } from '@/features/orders/components/person-link';
import { useCatalog } from '@/features/orders/hooks/use-catalog';
import type { CatalogIndex } from '@/features/orders/model/catalog-index';
import { kPaymentOptions } from '@/features/orders/model/order-filters';
import {
  draftOfOrder,
  emptyOrderDraft,
  kMaxSkills,
  toOrderInput,
  type OrderDraft,
  type OrderDraftError,
} from '@/features/orders/model/order-draft';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { showToast } from '@/lib/toast/toast-store';

// Which server field (422 `errors` key) each form field feeds; editing a field hides its stale server message.
const kServerField: Record<keyof OrderDraft, string> = {
  name: 'name',
  description: 'description',
  categoryId: 'category_id',
  specializationId: 'specialization_id',
  skillIds: 'skill_ids',
  budgetByAgreement: 'budget',
  budgetAmount: 'budget',
  currency: 'budget',
  deadlineByAgreement: 'deadline_at',
  deadline: 'deadline_at',
  payment: 'payment_option',
  countryId: 'country_id',
  cityId: 'city_id',
};

type Mode =
  { kind: 'create' } | { kind: 'offer'; performerId: number } | { kind: 'edit'; order: OrderDetail };

interface OrderFormProps {
  mode: Mode;
  catalog: CatalogIndex;
}

function OrderForm({ mode, catalog }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<OrderDraft>(() =>
    mode.kind === 'edit'
      ? draftOfOrder(mode.order, catalog.minorUnits)
      : emptyOrderDraft(lang === 'ru' ? 'RUB' : 'USD'),
  );
  const [attachments, setAttachments] = useState<Attachment[]>(
    mode.kind === 'edit' ? mode.order.attachments : [],
  );
  const [local, setLocal] = useState<Partial<Record<'budget' | 'deadline_at', OrderDraftError>>>({});
  const [createOrder, created] = useCreateOrderMutation();
  const [updateOrder, updated] = useUpdateOrderMutation();
  const [createOffer, offered] = useCreateJobOfferMutation();
  const error = mode.kind === 'create' ? created.error : mode.kind === 'edit' ? updated.error : offered.error;
  const busy = created.isLoading || updated.isLoading || offered.isLoading;
  const server = fieldErrors(error);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const set = (patch: Partial<OrderDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setEdited((current) => {
      const next = new Set(current);
      for (const key of Object.keys(patch) as (keyof OrderDraft)[]) next.add(kServerField[key]);
      return next;
    });
  };
  const message = (field: string) => {
    const code = field === 'budget' || field === 'deadline_at' ? local[field] : undefined;
    if (edited.has(field)) return undefined;
    return code !== undefined ? t(`form.${code}`) : serverError(server, field);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setEdited(new Set());
    const checked = toOrderInput(
      draft,
      attachments.map((item) => item.id),
      catalog.minorUnits(draft.currency),
    );
    if (checked.errors !== null) {
      setLocal(checked.errors);
      return;
    }
    setLocal({});
    if (mode.kind === 'create') {
      const result = await createOrder({ orderInput: checked.input });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('form.created') });
      navigate(paths.order(lang, result.data.id));
    } else if (mode.kind === 'edit') {
      const result = await updateOrder({ id: mode.order.id, orderInput: checked.input });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('form.saved') });
      navigate(paths.order(lang, mode.order.id));
    } else {
      const result = await createOffer({ body: { ...checked.input, performer_id: mode.performerId } });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('invitation.sent') });
      navigate(paths.order(lang, result.data.order.id));
    }
  };

  const unexpected =
    error !== undefined && errorStatus(error) === 422 && Object.keys(server).length > 0
      ? Object.keys(server).filter(
          (key) =>
            ![
              'name',
              'description',
              'category_id',
              'specialization_id',
              'skill_ids',
              'budget',
              'deadline_at',
              'payment_option',
              'country_id',
              'city_id',
              'attachment_ids',
            ].some((field) => key === field || key.startsWith(`${field}.`)),
        )
      : [];

  return (
    <form
      className="order-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="order-form"
    >
      {unexpected.map((key) => (
        <FormAlert key={key} severity="error">
          {server[key]?.[0]}
        </FormAlert>
      ))}
      <div className="field">
        <label className="field-label" htmlFor="order-name">
          {t('form.name')}
        </label>
        <InputText
          id="order-name"
          name="name"
          maxLength={200}
          placeholder={t('form.name_placeholder')}
          value={draft.name}
          invalid={message('name') !== undefined}
          onChange={(event) => set({ name: event.target.value })}
        />
        <FieldError message={message('name')} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="order-description">
          {t('form.description')}
        </label>
        <InputTextarea
          id="order-description"
          name="description"
          rows={7}
          autoResize
          maxLength={20000}
          value={draft.description}
          invalid={message('description') !== undefined}
          onChange={(event) => set({ description: event.target.value })}
        />
        <div className="field-hint">{t('form.description_hint')}</div>
        <FieldError message={message('description')} />
      </div>
      <div className="field-pair">
        <div className="field">
          <label className="field-label" htmlFor="order-category">
            {t('form.category')}
          </label>
          <Dropdown
            inputId="order-category"
            value={draft.categoryId}
            options={catalog.categoryOptions()}
            placeholder={t('form.category_placeholder')}
            invalid={message('category_id') !== undefined}
            onChange={(event) => set({ categoryId: event.value as number, specializationId: null })}
          />
          <FieldError message={message('category_id')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="order-specialization">
            {t('form.specialization')}
          </label>
          <Dropdown
            inputId="order-specialization"
            value={draft.specializationId}
            options={catalog.specializationOptions(draft.categoryId)}
            placeholder={t('form.specialization_placeholder')}
            disabled={draft.categoryId === null}
            showClear
            onChange={(event) => set({ specializationId: (event.value as number | undefined) ?? null })}
          />
          <FieldError message={message('specialization_id')} />
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="order-skills">
          {t('form.skills')}
        </label>
        <MultiSelect
          inputId="order-skills"
          value={draft.skillIds}
          options={catalog.skillOptions()}
          placeholder={t('form.skills_placeholder')}
          selectionLimit={kMaxSkills}
          filter
          display="chip"
          onChange={(event) => set({ skillIds: event.value as number[] })}
        />
        <FieldError message={message('skill_ids')} />
      </div>
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
          <div className="checkbox">
            <Checkbox
              inputId="budget-agreement"
              checked={draft.budgetByAgreement}
              onChange={(event) => set({ budgetByAgreement: event.checked === true })}
            />
            <label htmlFor="budget-agreement">{t('form.by_agreement')}</label>
          </div>
        </div>
        <FieldError message={message('budget')} />
      </fieldset>
      <fieldset className="field">
        <legend className="field-label">{t('form.deadline')}</legend>
        <div className="money-input">
          <Calendar
            inputId="order-deadline"
            aria-label={t('form.deadline_date')}
            value={draft.deadline}
            showTime
            hourFormat="24"
            minDate={new Date()}
            dateFormat={lang === 'ru' ? 'dd.mm.yy' : 'yy-mm-dd'}
            disabled={draft.deadlineByAgreement}
            invalid={message('deadline_at') !== undefined}
            onChange={(event) => set({ deadline: event.value ?? null })}
          />
          <div className="checkbox">
            <Checkbox
              inputId="deadline-agreement"
              checked={draft.deadlineByAgreement}
              onChange={(event) => set({ deadlineByAgreement: event.checked === true })}
            />
            <label htmlFor="deadline-agreement">{t('form.by_agreement')}</label>
          </div>
        </div>
        <FieldError message={message('deadline_at')} />
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor="order-payment">
          {t('form.payment')}
        </label>
        <Dropdown
          inputId="order-payment"
          value={draft.payment}
          options={kPaymentOptions.map((value) => ({ value, label: t(`payment.${value}`) }))}
          onChange={(event) => set({ payment: event.value as OrderDraft['payment'] })}
        />
        <FieldError message={message('payment_option')} />
      </div>
      <div className="field-pair">
        <div className="field">
          <label className="field-label" htmlFor="order-country">
            {t('form.country')}
          </label>
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
          <FieldError message={message('country_id')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="order-city">
            {t('form.city')}
          </label>
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
          <FieldError message={message('city_id')} />
        </div>
      </div>
      <AttachmentsField value={attachments} onChange={setAttachments} error={message('attachment_ids')} />
      <div className="card-actions">
        <Button
          type="submit"
          loading={busy}
          label={
            mode.kind === 'create'
              ? t('form.publish')
              : mode.kind === 'edit'
                ? t('form.save')
                : t('form.send_offer')
          }
        />
      </div>
    </form>
  );
}

function OfferHeader({ performerId }: { performerId: number }) {
  const { t } = useTranslation('orders');
  const { data, error } = useGetPublicUserQuery({ id: performerId });
  if (errorStatus(error) === 404)
    return <FormAlert severity="error">{t('form.performer_unknown')}</FormAlert>;
  if (data === undefined) return <PageLoader />;
  return (
    <div className="offer-performer" data-testid="offer-performer">
      <PersonLink user={data} as="performer" size={48} />
      <p className="muted">{t('form.offer_lead')}</p>
    </div>
  );
}

// create-order (and create-order?performer={id}: the job offer form) and order/{id}/edit; login required.
export default function OrderFormPage() {
  const { t } = useTranslation('orders');
  const { id } = useParams();
  const [search] = useSearchParams();
  const catalog = useCatalog();
  const editing = id !== undefined;
  const performer = search.get('performer');
  const performerId = performer !== null && isDigitId(performer) ? Number(performer) : null;
  const {
    data: order,
    error,
    isLoading,
  } = useGetOrderQuery({ id: Number(id) }, { skip: !editing || !isDigitId(id) });
  const title = editing
    ? t('form.edit_title')
    : performerId !== null
      ? t('form.offer_title')
      : t('form.create_title');
  useDocumentTitle(title);

  if (editing && (!isDigitId(id) || errorStatus(error) === 404)) return <NotFoundPage />;
  if (catalog === null || isLoading) return <PageLoader />;
  if (editing && order === undefined) return null;
  const mode: Mode =
    order !== undefined
      ? { kind: 'edit', order }
      : performerId !== null
        ? { kind: 'offer', performerId }
        : { kind: 'create' };

  return (
    <section className="page page-form">
      <div className="card">
        <h1>{title}</h1>
        {mode.kind === 'offer' && <OfferHeader performerId={mode.performerId} />}
        {mode.kind === 'edit' && !mode.order.viewer.can_edit ? (
          <FormAlert severity="error">{t('form.locked')}</FormAlert>
        ) : (
          <OrderForm key={mode.kind} mode={mode} catalog={catalog} />
        )}
      </div>
    </section>
  );
}
