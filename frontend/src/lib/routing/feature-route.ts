import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

import type { Language } from '@/lib/i18n/languages';

// Who may open a route; the app wraps the element in the matching guard (identity's).
export type RouteAccess = 'anyone' | 'guest' | 'user' | 'admin';

// One screen of a feature, under /{lang}: its features/<name>/routes.tsx exports a list of these, and
// src/app/routes.tsx composes the lists.
export interface FeatureRoute {
  // Relative to /{lang}; absent for the index route (/{lang} itself).
  path?: string;
  element: ReactNode;
  access?: RouteAccess;
}

// Where a menu entry shows: the header's top menu, or a group of the signed-in user's menu.
export type MenuSection = 'top' | 'freelancer' | 'customer' | 'settings';

// The signed-in user's menu groups, in the order both the avatar menu and the phone drawer show them.
export const kUserMenuSections = [
  'freelancer',
  'customer',
  'settings',
] as const satisfies readonly MenuSection[];

// A group of a top menu entry's dropdown (the vacancies entry: for applicants, for employers).
export interface MenuGroup {
  id: string;
  label: (t: TFunction<'shell'>) => string;
  items: { id: string; label: (t: TFunction<'shell'>) => string; to: (lang: Language) => string }[];
}

// One menu entry a feature contributes; texts come from the shell namespace.
export interface MenuEntry {
  // A top menu entry's dropdown (the phone drawer lists the items under the entry).
  groups?: MenuGroup[];
  section: MenuSection;
  id: string;
  label: (t: TFunction<'shell'>) => string;
  icon?: string;
  // Shown only to users of at least this role (the admin panel's entry: 1).
  minRole?: number;
  // The signed-in user's id for the user menu's sections; null in the top menu for guests.
  to: (lang: Language, userId: number | null) => string;
}
