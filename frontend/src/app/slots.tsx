import type { AdminSlots } from '@/features/admin/routes';
import type { HiringSlots } from '@/features/hiring/routes';
import type { IdentitySlots } from '@/features/identity/routes';
import type { CompaniesSlots } from '@/features/companies/routes';
import type { NotificationsSlots } from '@/features/notifications/routes';
import type { OrdersSlots } from '@/features/orders/routes';
import type { ProfileSlots } from '@/features/profiles/components/profile-slots';
import type { ResumesSlots } from '@/features/resumes/routes';
import type { ReviewsSlots } from '@/features/reviews/routes';
import type { VacanciesSlots } from '@/features/vacancies/routes';
import { lazyPart } from '@/lib/routing/lazy-route';

// The parts one feature's screens show from another, loaded with the screen: each part names the chunk of the
// page that shows it (webpackChunkName), so the page and its parts arrive together.

const UserFrame = lazyPart(() =>
  import(/* webpackChunkName: "route-user-page" */ '@/app/compose/profile-frame').then((m) => m.ProfileFrame),
);

export const kOrdersSlots: OrdersSlots = {
  Deal: lazyPart(() =>
    import(/* webpackChunkName: "route-order" */ '@/features/wallet/components/deal-panel').then(
      (m) => m.DealPanel,
    ),
  ),
  Bids: lazyPart(() =>
    import(/* webpackChunkName: "route-order" */ '@/features/bids/components/order-bids').then(
      (m) => m.OrderBids,
    ),
  ),
  Reviews: lazyPart(() =>
    import(/* webpackChunkName: "route-order" */ '@/features/reviews/components/order-reviews').then(
      (m) => m.OrderReviews,
    ),
  ),
  OfferPerformer: lazyPart(() =>
    import(/* webpackChunkName: "route-order-form" */ '@/features/profiles/components/offer-performer').then(
      (m) => m.OfferPerformer,
    ),
  ),
  Invitations: lazyPart(() =>
    import(/* webpackChunkName: "route-my-orders" */ '@/features/bids/components/invitation-list').then(
      (m) => m.InvitationList,
    ),
  ),
  Notifications: lazyPart(() =>
    import(/* webpackChunkName: "route-my-orders" */ '@/app/compose/notifications').then(
      (m) => m.ComposedNotificationsPanel,
    ),
  ),
  Contact: lazyPart(() =>
    import(/* webpackChunkName: "route-order" */ '@/features/messenger/components/write-message-button').then(
      (m) => m.WriteMessageButton,
    ),
  ),
  CustomerReputation: lazyPart(() =>
    import(/* webpackChunkName: "route-order" */ '@/features/profiles/components/customer-reputation').then(
      (m) => m.CustomerReputation,
    ),
  ),
  UserFrame,
};

export const kReviewsSlots: ReviewsSlots = { UserFrame };

// The settings' notifications page (built from the server's registry of kinds).
export const kIdentitySlots: IdentitySlots = {
  NotificationSettings: lazyPart(() =>
    import(
      /* webpackChunkName: "route-settings" */ '@/features/notifications/components/notification-settings'
    ).then((m) => m.NotificationSettings),
  ),
};

// The freelancer's own pages (portfolio, about, prices): the invitation to an open order and "Write a message".
export const kProfileSlots: ProfileSlots = {
  Actions: lazyPart(() =>
    import(/* webpackChunkName: "route-freelancer" */ '@/app/compose/profile-frame').then(
      (m) => m.InviteToOpenOrder,
    ),
  ),
  Contact: lazyPart(() =>
    import(/* webpackChunkName: "route-freelancer" */ '@/app/compose/profile-frame').then(
      (m) => m.WriteToUser,
    ),
  ),
};

// The resume page: an employer's invitation to one of their vacancies (hiring).
export const kResumesSlots: ResumesSlots = {
  Invite: lazyPart(() =>
    import(/* webpackChunkName: "route-resume" */ '@/features/hiring/components/invite-button').then(
      (m) => m.InviteButton,
    ),
  ),
};

// The company page's open vacancies (vacancies).
export const kCompaniesSlots: CompaniesSlots = {
  Vacancies: lazyPart(() =>
    import(/* webpackChunkName: "route-employer" */ '@/features/vacancies/components/company-vacancies').then(
      (m) => m.CompanyVacancies,
    ),
  ),
};

// The response lists: "Write to the candidate" / "Write to the employer" opens the pair's chat about the
// response (messenger).
export const kHiringSlots: HiringSlots = {
  Contact: lazyPart(() =>
    import(
      /* webpackChunkName: "route-responses" */ '@/features/messenger/components/write-message-button'
    ).then((m) => m.WriteAboutResponse),
  ),
};

// The vacancy screens' parts: the company picker (companies); the applicant's respond button and response on
// vacancy/{id}, and the responses link with its counters on vacancies/my (hiring).
export const kVacanciesSlots: VacanciesSlots = {
  Respond: lazyPart(() =>
    import(/* webpackChunkName: "route-vacancy" */ '@/app/compose/vacancy-respond').then(
      (m) => m.VacancyRespond,
    ),
  ),
  Responses: lazyPart(() =>
    import(
      /* webpackChunkName: "route-vacancies-my" */ '@/features/hiring/components/vacancy-responses-link'
    ).then((m) => m.VacancyResponsesLink),
  ),
  CompanyPicker: lazyPart(() =>
    import(
      /* webpackChunkName: "route-vacancy-form" */ '@/features/companies/components/company-picker'
    ).then((m) => m.CompanyPicker),
  ),
};

// The header's parts from features (only the app imports features): the bell, the messenger's icon and its live
// part (events, toasts, the unread alert), loaded for signed-in users only.
export const kShellSlots = {
  // The star on the order, freelancer, vacancy, resume and company pages (favourites), through SignedInPartsContext.
  Bookmark: lazyPart(() =>
    import(/* webpackChunkName: "bookmark" */ '@/features/favourites/components/bookmark-toggle').then(
      (m) => m.BookmarkToggle,
    ),
  ),
  // "Save this search" on the orders and vacancies lists (saved searches), through SignedInPartsContext.
  SaveSearch: lazyPart(() =>
    import(/* webpackChunkName: "save-search" */ '@/features/searches/components/save-search-button').then(
      (m) => m.SaveSearchButton,
    ),
  ),
  MessengerLink: lazyPart(() =>
    import(/* webpackChunkName: "messenger-live" */ '@/features/messenger/components/messenger-link').then(
      (m) => m.MessengerLink,
    ),
  ),
  MessengerLive: lazyPart(() =>
    import(/* webpackChunkName: "messenger-live" */ '@/features/messenger/components/messenger-live').then(
      (m) => m.MessengerLive,
    ),
  ),
  NotificationsBell: lazyPart(() =>
    import(/* webpackChunkName: "notifications-bell" */ '@/app/compose/notifications').then(
      (m) => m.ComposedNotificationsBell,
    ),
  ),
};

export const kNotificationsSlots: NotificationsSlots = {
  Panel: lazyPart(() =>
    import(/* webpackChunkName: "route-notifications" */ '@/app/compose/notifications').then(
      (m) => m.ComposedNotificationsPanel,
    ),
  ),
};

export const kAdminSlots: AdminSlots = {
  Impersonate: lazyPart(() =>
    import(
      /* webpackChunkName: "route-admin-user" */ '@/features/identity/components/impersonate-button'
    ).then((m) => m.ImpersonateButton),
  ),
};
