import { helpGeneratedApi } from '@/features/help/api/help.generated';

export const helpApi = helpGeneratedApi.enhanceEndpoints({
  endpoints: {
    getHelpFaq: { providesTags: [{ type: 'Faq', id: 'PUBLIC' }] },
    getHelpFaqQuestion: { providesTags: [{ type: 'Faq', id: 'PUBLIC' }] },
    getPage: { providesTags: (_result, _error, arg) => [{ type: 'Page', id: arg.code }] },
    createHelpTicket: { invalidatesTags: [{ type: 'Ticket', id: 'LIST' }] },
  },
});

export const {
  useGetHelpFaqQuery,
  useSearchHelpFaqQuery,
  useGetHelpFaqQuestionQuery,
  useCreateHelpTicketMutation,
  useGetPageQuery,
} = helpApi;
