import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router-dom';

import { PageLoader } from '@/components/page-loader';
import { kAdminRole, selectSession } from '@/features/identity/model/session-slice';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export interface GuardProps {
  children: ReactNode;
}

export interface ReturnState {
  from?: string;
}

// Login required: guests go to login and come back afterwards.
export function RequireAuth({ children }: GuardProps) {
  const { status } = useSelector(selectSession);
  const lang = useLanguage();
  const location = useLocation();
  if (status === 'pending') return <PageLoader />;
  if (status === 'Unauthenticated') {
    const state: ReturnState = { from: location.pathname + location.search };
    return <Navigate to={paths.login(lang)} replace state={state} />;
  }
  return children;
}

// Where a guest was going before login-required sent them to login (same-origin paths only).
export function returnPath(state: unknown, fallback: string): string {
  const from = (state as ReturnState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}

// Guests only: a signed-in user goes to main (or, right after logging in, back where they were going).
export function GuestOnly({ children }: GuardProps) {
  const { status } = useSelector(selectSession);
  const lang = useLanguage();
  const location = useLocation();
  if (status === 'pending') return <PageLoader />;
  if (status === 'Authenticated')
    return <Navigate to={returnPath(location.state, paths.main(lang))} replace />;
  return children;
}

// Admin paths: guests and role below 1 go to main.
export function RequireAdmin({ children }: GuardProps) {
  const { status, user } = useSelector(selectSession);
  const lang = useLanguage();
  if (status === 'pending') return <PageLoader />;
  if (user === null || user.role < kAdminRole) return <Navigate to={paths.main(lang)} replace />;
  return children;
}
