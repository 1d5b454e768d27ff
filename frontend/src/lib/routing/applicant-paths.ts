import type { Language } from '@/lib/i18n/languages';
import { langPath } from '@/lib/routing/paths';

// The addresses of the resumes and the response pipeline (SPEC §2 resume… and vacancyResponds routes) that the
// resumes and hiring features, the app's menu and the messenger link to.
export const applicantPaths = {
  resumes: (lang: Language, category?: string, search?: string) =>
    langPath(lang, category === undefined ? ['resumes'] : ['resumes', category], search),
  resume: (lang: Language, id: number | string) => langPath(lang, ['resume', id]),
  resumeCreate: (lang: Language) => langPath(lang, ['resume', 'create']),
  resumeEdit: (lang: Language, id: number | string) => langPath(lang, ['resume', id, 'edit']),
  myResumes: (lang: Language) => langPath(lang, ['resumes', 'my']),
  myResponses: (lang: Language, search?: string) => langPath(lang, ['resume', 'my-responses'], search),
  // The list a response belongs to, from its id alone (the messenger's chat context): the applicant's own list
  // on the response's tab, or for its employer the vacancy's pipeline (resume/my-responses redirects).
  responseList: (lang: Language, responseId: number | string) =>
    langPath(lang, ['resume', 'my-responses'], `response=${responseId}`),
  resumeResponses: (lang: Language, id: number | string) => langPath(lang, ['resume', id, 'responds']),
  vacancyResponses: (lang: Language, id: number | string, search?: string) =>
    langPath(lang, ['vacancy', id, 'responds'], search),
  vacancy: (lang: Language, id: number | string) => langPath(lang, ['vacancy', id]),
};
