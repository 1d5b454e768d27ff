import type { FeatureRoute } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const MessengerPage = lazyRoute(
  () => import(/* webpackChunkName: "route-messenger" */ '@/features/messenger/pages/messenger-page'),
);
const FilePage = lazyRoute(
  () => import(/* webpackChunkName: "route-chat-file" */ '@/features/messenger/pages/file-page'),
);

// SPEC §2 route names in the comments; all need a signed-in user (the file link too: only the chat's two
// participants may see it, so a guest logs in first).
export const messengerRoutes: FeatureRoute[] = [
  { path: 'm', element: <MessengerPage screen="list" />, access: 'user' }, // messengerList
  { path: 'm/chat', element: <MessengerPage screen="new" />, access: 'user' }, // newChat
  { path: 'm/chat/:chatId', element: <MessengerPage screen="chat" />, access: 'user' }, // messenger
  { path: 'm/chat/:chatId/:msgId/:filepath', element: <FilePage />, access: 'user' }, // chatFile
];
