import { baseApi } from '@/lib/api/base-api';
import type {
  AdminFaq,
  AdminFaqQuestion,
  AdminPage,
  AdminPageSummary,
  FaqCategoryInput,
  FaqQuestionInput,
  HelpTicket,
  HelpTicketDetail,
  HelpTicketStatus,
  PageInput,
  PageVersion,
} from '@/lib/api/schema.generated';

// The help module's admin operations (OpenAPI tag `admin`, whose generated client is identity's, which this
// feature may not import): the same requests, typed by the generated schema, with this feature's cache tags.
// Endpoint names carry a `help` prefix so they never collide with the generated ones injected into the same API.
export type PageCode = 'about' | 'agreement' | 'rules' | 'privacy-policy' | 'cookie-policy' | 'tariffs';
export type PageLang = 'en' | 'ru';

const kFaq = { type: 'Faq', id: 'ADMIN' } as const;
const kFaqPublic = { type: 'Faq', id: 'PUBLIC' } as const;
const kTickets = { type: 'Ticket', id: 'LIST' } as const;

export const helpAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    helpAdminFaq: build.query<AdminFaq, void>({
      query: () => ({ url: '/api/admin/faq' }),
      providesTags: [kFaq],
    }),
    helpCreateFaqCategory: build.mutation<unknown, FaqCategoryInput>({
      query: (body) => ({ url: '/api/admin/faq/categories', method: 'POST', body }),
      invalidatesTags: [kFaq, kFaqPublic],
    }),
    helpUpdateFaqCategory: build.mutation<unknown, { id: number; body: FaqCategoryInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/faq/categories/${id}`, method: 'PUT', body }),
      invalidatesTags: [kFaq, kFaqPublic],
    }),
    helpDeleteFaqCategory: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/admin/faq/categories/${id}`, method: 'DELETE' }),
      invalidatesTags: [kFaq, kFaqPublic],
    }),
    helpAdminFaqQuestion: build.query<AdminFaqQuestion, number>({
      query: (id) => ({ url: `/api/admin/faq/questions/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Faq', id: `Q${id}` }],
    }),
    helpCreateFaqQuestion: build.mutation<AdminFaqQuestion, FaqQuestionInput>({
      query: (body) => ({ url: '/api/admin/faq/questions', method: 'POST', body }),
      invalidatesTags: [kFaq, kFaqPublic],
    }),
    helpUpdateFaqQuestion: build.mutation<AdminFaqQuestion, { id: number; body: FaqQuestionInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/faq/questions/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [kFaq, kFaqPublic, { type: 'Faq', id: `Q${id}` }],
    }),
    helpDeleteFaqQuestion: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/admin/faq/questions/${id}`, method: 'DELETE' }),
      invalidatesTags: [kFaq, kFaqPublic],
    }),
    helpAdminPages: build.query<{ items: AdminPageSummary[] }, void>({
      query: () => ({ url: '/api/admin/pages' }),
      providesTags: [{ type: 'Page', id: 'ADMIN' }],
    }),
    helpAdminPage: build.query<AdminPage, { code: PageCode; lang: PageLang }>({
      query: ({ code, lang }) => ({ url: `/api/admin/pages/${code}/${lang}` }),
      providesTags: (_result, _error, { code, lang }) => [{ type: 'Page', id: `ADMIN-${code}-${lang}` }],
    }),
    helpUpdatePage: build.mutation<AdminPage, { code: PageCode; lang: PageLang; body: PageInput }>({
      query: ({ code, lang, body }) => ({ url: `/api/admin/pages/${code}/${lang}`, method: 'PUT', body }),
      // Not on an error: a 409 must keep the admin's text on screen with the conflict message, not reload it.
      invalidatesTags: (_result, error, { code, lang }) =>
        error !== undefined
          ? []
          : [
              { type: 'Page', id: 'ADMIN' },
              { type: 'Page', id: `ADMIN-${code}-${lang}` },
              { type: 'Page', id: code },
            ],
    }),
    helpAdminPageVersion: build.query<PageVersion, { code: PageCode; lang: PageLang; version: number }>({
      query: ({ code, lang, version }) => ({ url: `/api/admin/pages/${code}/${lang}/versions/${version}` }),
    }),
    helpAdminTickets: build.query<
      { items: HelpTicket[]; next_cursor: string | null },
      { status: HelpTicketStatus; cursor?: string }
    >({
      query: ({ status, cursor }) => ({ url: '/api/admin/tickets', params: { status, cursor, limit: 20 } }),
      providesTags: [kTickets],
    }),
    helpAdminTicket: build.query<HelpTicketDetail, number>({
      query: (id) => ({ url: `/api/admin/tickets/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Ticket', id }],
    }),
    helpAnswerTicket: build.mutation<HelpTicket, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `/api/admin/tickets/${id}/answer`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, _error, { id }) => [kTickets, { type: 'Ticket', id }],
    }),
    helpCloseTicket: build.mutation<HelpTicket, number>({
      query: (id) => ({ url: `/api/admin/tickets/${id}/close`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [kTickets, { type: 'Ticket', id }],
    }),
  }),
});

export const {
  useHelpAdminFaqQuery,
  useHelpCreateFaqCategoryMutation,
  useHelpUpdateFaqCategoryMutation,
  useHelpDeleteFaqCategoryMutation,
  useHelpAdminFaqQuestionQuery,
  useHelpCreateFaqQuestionMutation,
  useHelpUpdateFaqQuestionMutation,
  useHelpDeleteFaqQuestionMutation,
  useHelpAdminPagesQuery,
  useHelpAdminPageQuery,
  useHelpUpdatePageMutation,
  useHelpAdminPageVersionQuery,
  useHelpAdminTicketsQuery,
  useHelpAdminTicketQuery,
  useHelpAnswerTicketMutation,
  useHelpCloseTicketMutation,
} = helpAdminApi;
