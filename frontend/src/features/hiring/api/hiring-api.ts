import { hiringGeneratedApi } from '@/features/hiring/api/hiring.generated';
import type { MyResumeCard, MyVacancyCard, Resume, Vacancy } from '@/lib/api/schema.generated';
import { payloadId, refreshOnNotification } from '@/lib/realtime/live-tags';

export type { TransitionResponseApiArg } from '@/features/hiring/api/hiring.generated';

// Every response list and the resume/vacancy it touches change together on a transition.
const kChanged = [
  { type: 'Response' as const, id: 'LIST' },
  { type: 'Resume' as const, id: 'LIST' },
];

// The generated endpoints (tag hiring) with their cache tags.
export const hiringApi = hiringGeneratedApi
  .enhanceEndpoints({
    endpoints: {
      listVacancyResponses: { providesTags: [{ type: 'Response', id: 'LIST' }] },
      listResumeResponses: { providesTags: [{ type: 'Response', id: 'LIST' }] },
      listMyResponses: { providesTags: [{ type: 'Response', id: 'LIST' }] },
      getMyVacancyResponse: { providesTags: [{ type: 'Response', id: 'LIST' }] },
      getResponse: { providesTags: (_result, _error, arg) => [{ type: 'Response', id: arg.id }] },
      respondToVacancy: { invalidatesTags: kChanged },
      inviteResume: { invalidatesTags: kChanged },
      transitionResponse: {
        invalidatesTags: (_result, _error, arg) => [...kChanged, { type: 'Response', id: arg.id }],
      },
    },
  })
  // The choices of the two dialogs, read from the resumes' and vacancies' owner lists (GET /api/resumes/my,
  // GET /api/vacancies/my): a feature does not import another one's client, so hiring asks for them itself.
  .injectEndpoints({
    endpoints: (build) => ({
      resumesToSend: build.query<{ items: MyResumeCard[] }, void>({
        query: () => ({ url: '/api/resumes/my' }),
        providesTags: [{ type: 'Resume', id: 'LIST' }],
      }),
      // The heads of vacancy/{id}/responds and resume/{id}/responds (their title, and 404 for a stranger).
      vacancyHead: build.query<Vacancy, { id: number }>({
        query: ({ id }) => ({ url: `/api/vacancies/${id}` }),
      }),
      resumeHead: build.query<Resume, { id: number }>({
        query: ({ id }) => ({ url: `/api/resumes/${id}` }),
        providesTags: (_result, _error, arg) => [{ type: 'Resume', id: arg.id }],
      }),
      vacanciesToInvite: build.query<{ items: MyVacancyCard[]; next_cursor: string | null }, void>({
        query: () => ({ url: '/api/vacancies/my', params: { status: 'published', limit: 50 } }),
      }),
    }),
  });

// An open list of responses (the employer's or the applicant's) and an open response follow status changes
// and new responses as they happen.
refreshOnNotification(['response_received', 'response_invited', 'response_status'], ({ payload }) => {
  const responseId = payloadId(payload, 'response_id');
  return [
    { type: 'Response', id: 'LIST' },
    ...(responseId === undefined ? [] : [{ type: 'Response' as const, id: responseId }]),
  ];
});

export const {
  useListVacancyResponsesQuery,
  useListResumeResponsesQuery,
  useListMyResponsesQuery,
  useGetMyVacancyResponseQuery,
  useGetResponseQuery,
  useRespondToVacancyMutation,
  useInviteResumeMutation,
  useTransitionResponseMutation,
  useResumesToSendQuery,
  useVacanciesToInviteQuery,
  useVacancyHeadQuery,
  useResumeHeadQuery,
} = hiringApi;
