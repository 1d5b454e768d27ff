import { useEffect } from 'react';
import { useSelector } from 'react-redux';

import { userApi } from '@/features/identity/api/identity-api';
import { selectSession } from '@/features/identity/model/session-slice';
import { useAppDispatch } from '@/hooks/use-app-dispatch';
import { baseApi } from '@/lib/api/base-api';
import { realtimeEventReceived } from '@/lib/realtime/events';
import { tagsForNotification } from '@/lib/realtime/live-tags';
import { realtime } from '@/lib/realtime/realtime';

// The socket's life (SPEC §4): opened once user info says who is signed in, closed on logout, and opened anew
// when the user changes (impersonation starts or ends: another id, or the same with another flag). Every event
// becomes a Redux action; a notification refreshes the bell and the open pages it changes. After a reconnect the unread list, the chats and
// the open chat are fetched again, so an event lost meanwhile costs nothing.
export function RealtimeSession() {
  const dispatch = useAppDispatch();

  // The socket's state on <html data-realtime="…">, for tests and for looking at a page in the developer tools.
  useEffect(() => {
    const show = () => {
      document.documentElement.dataset.realtime = realtime.getState();
    };
    show();
    return realtime.onState(show);
  }, []);

  const { status, user } = useSelector(selectSession);
  const key = status === 'Authenticated' && user !== null ? `${user.id}:${String(user.impersonated)}` : null;

  useEffect(() => {
    if (key === null) return undefined;
    const userId = Number(key.split(':')[0]);
    const offEvent = realtime.onEvent((event) => {
      dispatch(realtimeEventReceived(event));
      if (event.event === 'notification.new') {
        // The bell, and whatever open page the notification's feature says it changes (live-tags).
        dispatch(
          baseApi.util.invalidateTags([
            { type: 'Notification', id: 'LIST' },
            ...tagsForNotification(event.data),
          ]),
        );
      }
    });
    const offReconnect = realtime.onReconnect(() => {
      void dispatch(userApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true, subscribe: false }));
      dispatch(baseApi.util.invalidateTags(['Chat', 'ChatMessages', { type: 'Notification', id: 'LIST' }]));
    });
    void realtime.open(userId);
    return () => {
      offEvent();
      offReconnect();
      realtime.close();
    };
  }, [key, dispatch]);
  return null;
}
