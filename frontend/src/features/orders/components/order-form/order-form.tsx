import { Button } from 'primereact/button';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { serverError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import {
  useCreateJobOfferMutation,
  useCreateOrderMutation,
  useUpdateOrderMutation,
} from '@/features/orders/api/orders-api';
import { AttachmentsField } from '@/features/orders/components/attachments-field';
import {
  BudgetField,
  CategoryFields,
  DeadlineField,
  PaymentAndPlaceFields,
  TitleFields,
} from '@/features/orders/components/order-form/order-fields';
import {
  deadlineError,
  draftOfOrder,
  emptyOrderDraft,
  kDescriptionLength,
  kNameLength,
  toOrderInput,
  type CheckedField,
  type OrderDraft,
  type OrderDraftError,
  type OrderDraftErrors,
} from '@/features/orders/model/order-draft';
import { errorStatus, fieldErrors } from '@/lib/api/api-error';
import type { Attachment, OrderDetail, OrderInput } from '@/lib/api/schema.generated';
import type { CatalogIndex } from '@/lib/catalog/catalog-index';
import { useLanguage } from '@/lib/i18n/use-language';
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
  portfolioRequired: 'portfolio_required',
};

// The server fields the form shows under a field; a 422 about anything else shows above the form.
const kShownFields = [...new Set(Object.values(kServerField)), 'attachment_ids'];

export type OrderFormMode =
  | { kind: 'create'; categoryId?: number }
  | { kind: 'offer'; performerId: number }
  | { kind: 'edit'; order: OrderDetail };

interface OrderFormProps {
  mode: OrderFormMode;
  catalog: CatalogIndex;
}

// Sends the form's input as its mode says (a new order, an edit, a job offer), then toasts and opens the order.
function useSaveOrder(mode: OrderFormMode) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [createOrder, created] = useCreateOrderMutation();
  const [updateOrder, updated] = useUpdateOrderMutation();
  const [createOffer, offered] = useCreateJobOfferMutation();
  const error = mode.kind === 'create' ? created.error : mode.kind === 'edit' ? updated.error : offered.error;
  const busy = created.isLoading || updated.isLoading || offered.isLoading;
  const save = async (input: OrderInput) => {
    if (mode.kind === 'create') {
      const result = await createOrder({ orderInput: input });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('form.created') });
      navigate(paths.order(lang, result.data.id));
    } else if (mode.kind === 'edit') {
      // The whole form: an edit may send any part, and the SPA sends every field.
      const result = await updateOrder({ id: mode.order.id, orderPatch: input });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('form.saved') });
      navigate(paths.order(lang, mode.order.id));
    } else {
      const result = await createOffer({ body: { ...input, performer_id: mode.performerId } });
      if (result.data === undefined) return;
      showToast({ severity: 'success', summary: t('invitation.sent') });
      navigate(paths.order(lang, result.data.order.id));
    }
  };
  return { save, error, busy };
}

// The order's fields in groups (order-fields), its files, and the submit; the form checks only what it must
// before sending, and shows the server's 422 messages under their fields until a field is edited.
export function OrderForm({ mode, catalog }: OrderFormProps) {
  const { t } = useTranslation('orders');
  const lang = useLanguage();
  const [draft, setDraft] = useState<OrderDraft>(() =>
    mode.kind === 'edit'
      ? draftOfOrder(mode.order, catalog.minorUnits)
      : {
          ...emptyOrderDraft(lang === 'ru' ? 'RUB' : 'USD'),
          // create-order?category={id} (a landing page's call to action) presets a known category.
          categoryId: mode.kind === 'create' ? (mode.categoryId ?? null) : null,
        },
  );
  const [attachments, setAttachments] = useState<Attachment[]>(
    mode.kind === 'edit' ? mode.order.attachments : [],
  );
  const [local, setLocal] = useState<OrderDraftErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit the first flagged field comes into view (the button is far below the title).
  useEffect(() => {
    if (Object.keys(local).length === 0) return;
    const field = formRef.current?.querySelector('.field-error')?.closest<HTMLElement>('.field');
    field?.scrollIntoView?.({ block: 'center' });
    field?.querySelector<HTMLElement>('input:not([readonly]), textarea')?.focus({ preventScroll: true });
  }, [local]);
  const { save, error, busy } = useSaveOrder(mode);
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
  const text = (code: OrderDraftError) =>
    code === 'name_short'
      ? t('form.name_short', { count: kNameLength.min })
      : code === 'description_short'
        ? t('form.description_short', { count: kDescriptionLength.min })
        : t(`form.${code}`);
  // A past deadline shows as soon as it is picked or typed; the rest after a submit, until the field is edited.
  const message = (field: string) => {
    if (field === 'deadline_at') {
      const past = deadlineError(draft, new Date());
      if (past !== undefined) return text(past);
    }
    if (edited.has(field)) return undefined;
    const code = local[field as CheckedField];
    return code !== undefined ? text(code) : serverError(server, field);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setEdited(new Set());
    const checked = toOrderInput(
      draft,
      attachments.map((item) => item.id),
      catalog.minorUnits(draft.currency),
      lang,
    );
    if (checked.errors !== null) {
      setLocal(checked.errors);
      return;
    }
    setLocal({});
    await save(checked.input);
  };

  const unexpected =
    error !== undefined && errorStatus(error) === 422
      ? Object.keys(server).filter(
          (key) => !kShownFields.some((field) => key === field || key.startsWith(`${field}.`)),
        )
      : [];

  const fields = { draft, set, message, catalog };
  return (
    <form
      ref={formRef}
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
      <TitleFields {...fields} />
      <CategoryFields {...fields} />
      <BudgetField {...fields} />
      <DeadlineField {...fields} />
      <PaymentAndPlaceFields {...fields} />
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
