import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import {
  identityApi,
  isSignedInInfo,
  userOfLogin,
  type GuestInfo,
  type UserInfo,
} from '@/features/identity/api/identity-api';
import { unauthenticatedResponse } from '@/lib/api/session-events';

// SPEC §4: pending at start and while reloading after impersonation exit; then Authenticated or
// Unauthenticated. Login → Authenticated; logout or a 401 with code Unauthenticated → Unauthenticated.
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
  unreadCount: number;
  // The welcome choice (SPEC §1); null until made.
  intent: 'customer' | 'performer' | null;
  jobCountryId: number | null;
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
    unreadCount: info.unread_msg.length,
    intent: info.intent ?? null,
    jobCountryId: info.job_country_id ?? null,
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
  },
  extraReducers: (builder) => {
    builder
      .addCase(unauthenticatedResponse, (state) => {
        state.status = 'Unauthenticated';
        state.user = null;
      })
      .addMatcher(identityApi.endpoints.userInfo.matchFulfilled, (state, action) => {
        applyUserInfo(state, action.payload);
      })
      .addMatcher(identityApi.endpoints.userInfo.matchRejected, (state, action) => {
        // No answer at all (network down): act as a guest rather than wait forever.
        if (state.status === 'pending' && action.meta.condition !== true) state.status = 'Unauthenticated';
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

export const { userInfoReceived, reloadStarted, signedOut } = sessionSlice.actions;

interface WithSession {
  session: SessionState;
}

export const selectSession = (state: WithSession): SessionState => state.session;
export const selectSessionStatus = (state: WithSession): SessionStatus => state.session.status;
export const selectSessionUser = (state: WithSession): SessionUser | null => state.session.user;
