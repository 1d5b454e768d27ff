import { createSlice, type Middleware, type PayloadAction } from '@reduxjs/toolkit';

import {
  identityApi,
  isSignedInInfo,
  userOfLogin,
  type GuestInfo,
  type UserInfo,
} from '@/features/identity/api/identity-api';
import { errorStatus } from '@/lib/api/api-error';
import { unauthenticatedResponse } from '@/lib/api/session-events';
import { realtimeEventReceived, unreadTotalOf } from '@/lib/realtime/events';
import { readLocal, removeLocal, writeLocal } from '@/lib/storage/local-storage';

// SPEC §4: pending at start and while reloading after impersonation exit; then Authenticated or
// Unauthenticated. Login → Authenticated; logout or a 401 with code Unauthenticated → Unauthenticated.
// Nothing else signs out: a user info call that gets no answer (network down, 5xx) leaves the state as it was,
// and at start the last signed-in user seen in this browser stands in until the server answers again.
export type SessionStatus = 'pending' | 'Authenticated' | 'Unauthenticated';

export interface SessionUser {
  id: number;
  name: string;
  lastname: string;
  avatar: string | null;
  role: number;
  lang: string;
  email: string;
  emailVerified: boolean;
  impersonated: boolean;
  // Unread messages over all chats (user info's unread_msg; live from chat.unreadMsg).
  unreadCount: number;
  // The welcome choice (SPEC §1); null until made.
  intent: 'customer' | 'performer' | null;
  jobCountryId: number | null;
  // Whether the welcome dialog asks: no choice yet and no "Later" within the last week (the server decides).
  welcomeDue: boolean;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export const kAdminRole = 1;

const initialState: SessionState = { status: 'pending', user: null };

export function toSessionUser(info: UserInfo | GuestInfo): SessionUser | null {
  if (!isSignedInInfo(info)) return null;
  return {
    id: info.id,
    name: info.name ?? '',
    lastname: info.lastname ?? '',
    avatar: info.avatar ?? null,
    role: info.role ?? 0,
    lang: info.lang ?? 'en',
    email: info.email ?? '',
    emailVerified: info.email_verified ?? false,
    impersonated: info.impersonated,
    unreadCount: unreadTotalOf(info.unread_msg),
    intent: info.intent ?? null,
    jobCountryId: info.job_country_id ?? null,
    welcomeDue: info.welcome_due ?? false,
  };
}

function applyUserInfo(state: SessionState, info: UserInfo | GuestInfo): void {
  const user = toSessionUser(info);
  state.user = user;
  state.status = user === null ? 'Unauthenticated' : 'Authenticated';
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userInfoReceived(state, action: PayloadAction<UserInfo | GuestInfo>) {
      applyUserInfo(state, action.payload);
    },
    reloadStarted(state) {
      state.status = 'pending';
    },
    signedOut(state) {
      state.status = 'Unauthenticated';
      state.user = null;
    },
    // The server gave no answer at start: the user remembered from the last answer (or a guest, if none).
    sessionRemembered(state, action: PayloadAction<SessionUser | null>) {
      if (state.status !== 'pending') return;
      state.user = action.payload;
      state.status = action.payload === null ? 'Unauthenticated' : 'Authenticated';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(realtimeEventReceived, (state, action) => {
        const { event, data } = action.payload;
        if (event !== 'chat.unreadMsg' || state.user === null) return;
        state.user.unreadCount = unreadTotalOf((data as { unread_msg?: unknown } | null)?.unread_msg);
      })
      .addCase(unauthenticatedResponse, (state) => {
        state.status = 'Unauthenticated';
        state.user = null;
      })
      .addMatcher(identityApi.endpoints.userInfo.matchFulfilled, (state, action) => {
        applyUserInfo(state, action.payload);
      })
      .addMatcher(identityApi.endpoints.login.matchFulfilled, (state, action) => {
        applyUserInfo(state, userOfLogin(action.payload));
      })
      .addMatcher(identityApi.endpoints.logout.matchFulfilled, (state) => {
        state.status = 'Unauthenticated';
        state.user = null;
      });
  },
});

export const { userInfoReceived, reloadStarted, signedOut, sessionRemembered } = sessionSlice.actions;

export const kSessionUserStorageKey = 'artel.session-user';

function rememberedUser(): SessionUser | null {
  const text = readLocal(kSessionUserStorageKey);
  if (text === null) return null;
  try {
    const user = JSON.parse(text) as Partial<SessionUser> | null;
    return typeof user?.id === 'number' && typeof user.name === 'string' ? (user as SessionUser) : null;
  } catch {
    return null;
  }
}

// Keeps the last signed-in user in local storage (removed on sign-out), answers a failed user info call at
// start with it, and asks for user info again at the first answer from the server after such a start.
export const sessionMemory: Middleware<object, WithSession> = (store) => {
  let unconfirmed = false;
  return (next) => (action) => {
    const before = store.getState().session;
    const result = next(action);
    const after = store.getState().session;
    if (identityApi.endpoints.userInfo.matchRejected(action)) {
      if (
        after.status === 'pending' &&
        action.meta.condition !== true &&
        errorStatus(action.payload) !== 401
      ) {
        const remembered = rememberedUser();
        unconfirmed = remembered !== null;
        store.dispatch(sessionRemembered(remembered));
      }
    } else if (identityApi.endpoints.userInfo.matchFulfilled(action)) {
      unconfirmed = false;
    } else if (unconfirmed && isQueryFulfilled(action)) {
      unconfirmed = false;
      void store.dispatch(
        identityApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true, subscribe: false }) as never,
      );
    }
    if (after.user !== before.user || after.status !== before.status) {
      if (after.status === 'Authenticated' && after.user !== null) {
        writeLocal(kSessionUserStorageKey, JSON.stringify(after.user));
      } else if (after.status === 'Unauthenticated') {
        removeLocal(kSessionUserStorageKey);
      }
    }
    return result;
  };
};

function isQueryFulfilled(action: unknown): boolean {
  return (action as { type?: unknown }).type === 'api/executeQuery/fulfilled';
}

interface WithSession {
  session: SessionState;
}

export const selectSession = (state: WithSession): SessionState => state.session;
export const selectSessionStatus = (state: WithSession): SessionStatus => state.session.status;
export const selectSessionUser = (state: WithSession): SessionUser | null => state.session.user;
