import { baseApi as api } from '@/lib/api/base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrderBids: build.query<ListOrderBidsApiResponse, ListOrderBidsApiArg>({
      query: (queryArg) => ({ url: `/api/orders/${queryArg.id}/bids` }),
    }),
    createBid: build.mutation<CreateBidApiResponse, CreateBidApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/${queryArg.id}/bids`,
        method: 'POST',
        body: queryArg.bidInput,
      }),
    }),
    updateBid: build.mutation<UpdateBidApiResponse, UpdateBidApiArg>({
      query: (queryArg) => ({ url: `/api/bids/${queryArg.id}`, method: 'PATCH', body: queryArg.bidInput }),
    }),
    withdrawBid: build.mutation<WithdrawBidApiResponse, WithdrawBidApiArg>({
      query: (queryArg) => ({ url: `/api/bids/${queryArg.id}`, method: 'DELETE' }),
    }),
    selectPerformer: build.mutation<SelectPerformerApiResponse, SelectPerformerApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/${queryArg.id}/select`,
        method: 'POST',
        body: queryArg.body,
      }),
    }),
    inviteToOrder: build.mutation<InviteToOrderApiResponse, InviteToOrderApiArg>({
      query: (queryArg) => ({
        url: `/api/orders/${queryArg.id}/invitations`,
        method: 'POST',
        body: queryArg.body,
      }),
    }),
    createJobOffer: build.mutation<CreateJobOfferApiResponse, CreateJobOfferApiArg>({
      query: (queryArg) => ({ url: `/api/job-offers`, method: 'POST', body: queryArg.body }),
    }),
    listInvitations: build.query<ListInvitationsApiResponse, ListInvitationsApiArg>({
      query: (queryArg) => ({
        url: `/api/invitations`,
        params: {
          as: queryArg['as'],
        },
      }),
    }),
    acceptInvitation: build.mutation<AcceptInvitationApiResponse, AcceptInvitationApiArg>({
      query: (queryArg) => ({ url: `/api/invitations/${queryArg.id}/accept`, method: 'POST' }),
    }),
    declineInvitation: build.mutation<DeclineInvitationApiResponse, DeclineInvitationApiArg>({
      query: (queryArg) => ({ url: `/api/invitations/${queryArg.id}/decline`, method: 'POST' }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as bidsGeneratedApi };
export type ListOrderBidsApiResponse = /** status 200 Bids, oldest first. */ {
  items: Bid[];
};
export type ListOrderBidsApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type CreateBidApiResponse =
  /** status 201 Created. `first_bid` is true for the performer's first bid ever (the SPA then prompts to complete the profile). */ {
    bid: Bid;
    first_bid: boolean;
  };
export type CreateBidApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  bidInput: BidInput;
};
export type UpdateBidApiResponse = /** status 200 The updated bid. */ Bid;
export type UpdateBidApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  bidInput: BidInput;
};
export type WithdrawBidApiResponse = /** status 200 Done; nothing to report. */ EmptyObject;
export type WithdrawBidApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type SelectPerformerApiResponse = /** status 200 The order after the transition. */ OrderDetail;
export type SelectPerformerApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  body: {
    bid_id: number;
  };
};
export type InviteToOrderApiResponse = /** status 201 Sent. */ Invitation;
export type InviteToOrderApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
  body: {
    performer_id: number;
  };
};
export type CreateJobOfferApiResponse = /** status 201 The personal order and its invitation. */ {
  order: OrderDetail;
  invitation: Invitation;
};
export type CreateJobOfferApiArg = {
  body: OrderInput & {
    performer_id: number;
  };
};
export type ListInvitationsApiResponse = /** status 200 Up to 100 invitations. */ {
  items: Invitation[];
};
export type ListInvitationsApiArg = {
  as?: 'performer' | 'customer';
};
export type AcceptInvitationApiResponse = /** status 200 The order after the transition. */ OrderDetail;
export type AcceptInvitationApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type DeclineInvitationApiResponse = /** status 200 The declined invitation. */ Invitation;
export type DeclineInvitationApiArg = {
  /** A numeric id (digits only; anything else does not match the route → 404). */
  id: number;
};
export type UserCard = {
  id: number;
  name: string;
  lastname: string;
  avatar: string | null;
};
export type BidKind = 'final' | 'preliminary';
export type Money = {
  /** In minor units (kopecks */
  amount: number;
  currency: string;
};
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
export type BidInput = {
  kind: BidKind;
  comment: string;
  term_days: number;
  /** Required on a final bid; a preliminary one may leave it open. */
  price?: Money | null;
};
export type EmptyObject = object;
export type PaymentOption = 'no_prepayment' | 'prepayment' | 'prepayment_possible' | 'safe_deal' | 'contract';
export type OrderState = 'search' | 'expired' | 'closed' | 'in_progress' | 'completed';
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
