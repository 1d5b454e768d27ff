import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<ListOrdersApiResponse, ListOrdersApiArg>({
      query: (queryArg) => ({
        url: `/api/orders`,
        params: {
          category: queryArg.category,
          specialization: queryArg.specialization,
          q: queryArg.q,
          deadline: queryArg.deadline,
          payment: queryArg.payment,
          budget_min: queryArg.budgetMin,
          budget_max: queryArg.budgetMax,
          currency: queryArg.currency,
          country: queryArg.country,
          city: queryArg.city,
          skill: queryArg.skill,
          sort: queryArg.sort,
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
    createOrder: build.mutation<CreateOrderApiResponse, CreateOrderApiArg>({
      query: (queryArg) => ({ url: `/api/orders`, method: 'POST', body: queryArg.orderInput }),
    }),
    countOrders: build.query<CountOrdersApiResponse, CountOrdersApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/counts`,
        params: {
          q: queryArg.q,
          deadline: queryArg.deadline,
          payment: queryArg.payment,
          budget_min: queryArg.budgetMin,
          budget_max: queryArg.budgetMax,
          currency: queryArg.currency,
          country: queryArg.country,
          city: queryArg.city,
          skill: queryArg.skill,
        },
      }),
    }),
    listMyOrders: build.query<ListMyOrdersApiResponse, ListMyOrdersApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/my`,
        params: {
          as: queryArg['as'],
          state: queryArg.state,
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
    uploadOrderAttachment: build.mutation<UploadOrderAttachmentApiResponse, UploadOrderAttachmentApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/attachments`,
        method: 'POST',
        body: queryArg.body,
        params: {
          name: queryArg.name,
        },
      }),
    }),
    getOrder: build.query<GetOrderApiResponse, GetOrderApiArg>({
      query: (queryArg) => ({ url: `/api/orders/${queryArg.id}` }),
    }),
    updateOrder: build.mutation<UpdateOrderApiResponse, UpdateOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/${queryArg.id}`,
        method: 'PATCH',
        body: queryArg.orderInput,
      }),
    }),
    deleteOrder: build.mutation<DeleteOrderApiResponse, DeleteOrderApiArg>({
      query: (queryArg) => ({ url: `/api/orders/${queryArg.id}`, method: 'DELETE' }),
    }),
    closeOrder: build.mutation<CloseOrderApiResponse, CloseOrderApiArg>({
      query: (queryArg) => ({ url: `/api/orders/${queryArg.id}/close`, method: 'POST' }),
    }),
    reopenOrder: build.mutation<ReopenOrderApiResponse, ReopenOrderApiArg>({
      query: (queryArg) => ({ url: `/api/orders/${queryArg.id}/reopen`, method: 'POST' }),
    }),
    completeOrder: build.mutation<CompleteOrderApiResponse, CompleteOrderApiArg>({
      query: (queryArg) => ({ url: `/api/orders/${queryArg.id}/complete`, method: 'POST' }),
    }),
    listUserOrders: build.query<ListUserOrdersApiResponse, ListUserOrdersApiArg>({
      query: (queryArg) => ({
        url: `/api/users/${queryArg.id}/orders`,
        params: {
          as: queryArg['as'],
          state: queryArg.state,
          cursor: queryArg.cursor,
          limit: queryArg.limit,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as ordersGeneratedApi };
export type ListOrdersApiResponse = /** status 200 One page; `next_cursor` is null on the last. */ OrderPage;
export type ListOrdersApiArg = {
  /** A category code (the `orders/{category}` route segment). */
  category?: string;
  specialization?: number;
  /** Full-text search in name and description (Russian and English stemming, every word must match). When the words
    find nothing, each word is replaced by its closest known spellings and the search runs again (typos; pg_trgm
    similarity ≥ 0.4 against the words orders have used); a word with nothing close finds nothing. Pages of that
    fallback carry it in their cursor.
     */
  q?: string;
  /** `urgent` ≤ 3 days, `week` ≤ 7 days, `month` ≤ 30 days, `non_urgent` more than 30 days, `by_agreement` no deadline. */
  deadline?: 'urgent' | 'week' | 'month' | 'non_urgent' | 'by_agreement';
  payment?: PaymentOption;
  /** Least budget in minor units of `currency` (compared through the rouble equivalent). */
  budgetMin?: number;
  /** Largest budget in minor units of `currency`. */
  budgetMax?: number;
  /** Currency of budget_min/budget_max (default RUB). */
  currency?: string;
  country?: number;
  city?: number;
  skill?: number;
  /** `date` (newest first, the default) or `budget` (largest rouble equivalent first, by agreement last). */
  sort?: 'date' | 'budget';
  /** The `next_cursor` of the previous page (opaque). */
  cursor?: string;
  limit?: number;
};
export type CreateOrderApiResponse = /** status 201 Created. */ OrderDetail;
export type CreateOrderApiArg = {
  orderInput: OrderInput;
};
export type CountOrdersApiResponse = /** status 200 Counts. */ OrderCounts;
export type CountOrdersApiArg = {
  /** Full-text search in name and description (Russian and English stemming, every word must match). When the words
    find nothing, each word is replaced by its closest known spellings and the search runs again (typos; pg_trgm
    similarity ≥ 0.4 against the words orders have used); a word with nothing close finds nothing. Pages of that
    fallback carry it in their cursor.
     */
  q?: string;
  /** `urgent` ≤ 3 days, `week` ≤ 7 days, `month` ≤ 30 days, `non_urgent` more than 30 days, `by_agreement` no deadline. */
  deadline?: 'urgent' | 'week' | 'month' | 'non_urgent' | 'by_agreement';
  payment?: PaymentOption;
  /** Least budget in minor units of `currency` (compared through the rouble equivalent). */
  budgetMin?: number;
  /** Largest budget in minor units of `currency`. */
  budgetMax?: number;
  /** Currency of budget_min/budget_max (default RUB). */
  currency?: string;
  country?: number;
  city?: number;
  skill?: number;
};
export type ListMyOrdersApiResponse = /** status 200 One page, newest first. */ OrderPage;
export type ListMyOrdersApiArg = {
  as?: 'customer' | 'performer';
  /** Only orders in this display state. */
  state?: OrderState;
  /** The `next_cursor` of the previous page (opaque). */
  cursor?: string;
  limit?: number;
};
export type UploadOrderAttachmentApiResponse =
  /** status 201 Stored; not yet part of any order. */ Attachment;
export type UploadOrderAttachmentApiArg = {
  /** The original file name, shown to readers and used for downloads. */
  name: string;
  body: string;
};
export type GetOrderApiResponse = /** status 200 The order. */ OrderDetail;
export type GetOrderApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type UpdateOrderApiResponse = /** status 200 The updated order. */ OrderDetail;
export type UpdateOrderApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  orderInput: OrderInput;
};
export type DeleteOrderApiResponse = /** status 200 Done; nothing to report. */ EmptyObject;
export type DeleteOrderApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type CloseOrderApiResponse = /** status 200 The order after the transition. */ OrderDetail;
export type CloseOrderApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type ReopenOrderApiResponse = /** status 200 The order after the transition. */ OrderDetail;
export type ReopenOrderApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type CompleteOrderApiResponse = /** status 200 The order after the transition. */ OrderDetail;
export type CompleteOrderApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type ListUserOrdersApiResponse = /** status 200 One page, newest first. */ OrderPage;
export type ListUserOrdersApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  as?: 'customer' | 'performer';
  /** Only orders in this display state. */
  state?: OrderState;
  /** The `next_cursor` of the previous page (opaque). */
  cursor?: string;
  limit?: number;
};
export type Money = {
  /** In minor units (kopecks */
  amount: number;
  currency: string;
};
export type PaymentOption = 'no_prepayment' | 'prepayment' | 'prepayment_possible' | 'safe_deal' | 'contract';
export type OrderState = 'search' | 'expired' | 'closed' | 'in_progress' | 'completed';
export type UserCard = {
  id: number;
  name: string;
  lastname: string;
  avatar: string | null;
};
export type OrderSummary = {
  id: number;
  name: string;
  /** The description's first 300 characters. */
  excerpt: string;
  category_id: number;
  specialization_id: number | null;
  skill_ids: number[];
  budget: Money | null;
  deadline_at: string | null;
  payment_option: PaymentOption;
  country_id: number | null;
  city_id: number | null;
  state: OrderState;
  /** Offered to one performer and not yet open to everybody. */
  personal: boolean;
  customer: UserCard;
  performer: UserCard | null;
  bid_count: number;
  created_at: string;
};
export type OrderPage = {
  items: OrderSummary[];
  next_cursor: string | null;
};
export type ErrorResponse = {
  /** Stable machine word. */
  code:
    | 'BadRequest'
    | 'Unauthenticated'
    | 'Forbidden'
    | 'NotFound'
    | 'MethodNotAllowed'
    | 'Conflict'
    | 'PayloadTooLarge'
    | 'UnsupportedMediaType'
    | 'ValidationFailed'
    | 'XsrfTokenMismatch'
    | 'RateLimited'
    | 'Internal'
    | 'ServiceUnavailable';
  /** Human text in the request's language. */
  message: string;
  /** Per-field messages (ValidationFailed), in the request's language. */
  errors?: {
    [key: string]: string[];
  };
};
export type Attachment = {
  id: number;
  /** The original file name. */
  name: string;
  url: string;
  /** Images only. */
  thumbnail_url: string | null;
  content_type: string;
  size: number;
};
export type OrderViewer = {
  is_customer: boolean;
  /** The selected performer. */
  is_performer: boolean;
  can_edit: boolean;
  can_delete: boolean;
  can_close: boolean;
  can_reopen: boolean;
  can_complete: boolean;
  /** Signed in */
  can_bid: boolean;
  /** A participant of the completed order who has not reviewed yet. */
  can_review: boolean;
  can_invite: boolean;
};
export type BidKind = 'final' | 'preliminary';
export type Bid = {
  id: number;
  order_id: number;
  performer: UserCard;
  kind: BidKind;
  comment: string;
  term_days: number;
  price: Money | null;
  status: 'active' | 'selected' | 'rejected';
  created_at: string;
  updated_at: string;
};
export type Invitation = {
  id: number;
  order_id: number;
  order_name: string;
  customer: UserCard;
  performer: UserCard;
  status: 'pending' | 'accepted' | 'declined' | 'expired';
  created_at: string;
  expires_at: string;
};
export type Review = {
  id: number;
  order_id: number;
  order_name: string;
  author: UserCard;
  target: UserCard;
  author_role: 'customer' | 'performer';
  rating: number;
  text: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
};
export type OrderDetail = OrderSummary & {
  description: string;
  attachments: Attachment[];
  updated_at: string;
  viewer: OrderViewer;
  /** The caller's own bid on this order. */
  my_bid: Bid | null;
  /** The pending or answered invitation of the caller (as invited performer). */
  invitation: Invitation | null;
  reviews: Review[];
};
export type OrderInput = {
  name: string;
  description: string;
  category_id: number;
  /** Must belong to the category. */
  specialization_id?: number | null;
  skill_ids?: number[];
  /** Null or absent — by agreement. */
  budget?: Money | null;
  /** In the future; null — by agreement. */
  deadline_at?: string | null;
  payment_option: PaymentOption;
  country_id?: number | null;
  /** Must belong to the country. */
  city_id?: number | null;
  /** The caller's own uploads (unattached, or already on this order); the order's list becomes exactly these. */
  attachment_ids?: number[];
};
export type OrderCounts = {
  total: number;
  categories: {
    category_id: number;
    count: number;
  }[];
};
export type EmptyObject = object;
