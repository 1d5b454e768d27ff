import type { Completeness } from '@/lib/api/schema.generated';
import type { Language } from '@/lib/i18n/languages';
import { paths } from '@/lib/routing/paths';

export type MissingPart = Completeness['missing'][number];

// The edit forms a link can open (`?edit=…` on the profile's pages), and for the profile form the field to focus.
export type EditForm = 'profile' | 'address' | 'project' | 'group' | 'price' | 'about';

const kProfileFields: Partial<Record<MissingPart, string>> = {
  headline: 'headline',
  about: 'about',
  specialization: 'specializations',
  skills: 'skills',
  rate: 'rate',
  location: 'location',
};

// Where a missing part is filled in: the photo in the account's settings, the profile's fields in the profile
// form (about tab, the field focused), a project in the portfolio's project form, a price in the prices form.
export function missingPartPath(part: MissingPart, lang: Language, userId: number): string {
  const field = kProfileFields[part];
  if (field !== undefined) return paths.freelancerPage(lang, userId, 'about', `edit=profile&field=${field}`);
  if (part === 'portfolio') return paths.freelancer(lang, userId, 'edit=project');
  if (part === 'prices') return paths.freelancerPage(lang, userId, 'prices', 'edit=price');
  return paths.profileSettings(lang, userId);
}
