import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

export type SettingsPage = 'personal-data' | 'change-password' | 'notifications';
export const kSettingsPages: readonly SettingsPage[] = ['personal-data', 'change-password', 'notifications'];

export function isSettingsPage(value: string | undefined): value is SettingsPage {
  return value !== undefined && (kSettingsPages as readonly string[]).includes(value);
}

// The identity screens' paths (SPEC §2 route names); login and registration are shared (lib/routing/paths).
export const identityPaths = {
  verificationEmail: (lang: Language) => langPath(lang, ['verification-email']),
  resetPassword: (lang: Language) => langPath(lang, ['reset-password']),
  settingsPage: (lang: Language, id: number | string, page: SettingsPage) =>
    langPath(lang, ['settings', id, page]),
};
