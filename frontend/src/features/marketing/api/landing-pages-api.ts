import { baseApi } from '@/lib/api/base-api';
import type { Image } from '@/lib/api/schema.generated';

// Landing pages (libs/marketing, CONTRACT-13): the public read and the admin's CRUD.
export type LandingKind = 'create_order' | 'find_job';

export interface LandingPage {
  id: number;
  kind: LandingKind;
  code: string;
  lang: 'en' | 'ru';
  title: string;
  text_html: string;
  image: Image | null;
  category_id: number | null;
  cta: string;
  published: boolean;
}

export interface AdminLandingPage extends LandingPage {
  text: string;
  visit_count: number;
}

export interface LandingPageInput {
  kind: LandingKind;
  code: string;
  lang: 'en' | 'ru';
  title: string;
  text: string;
  category_id: number | null;
  cta: string;
  published: boolean;
}

const kList = { type: 'LandingPage' as const, id: 'LIST' };

export const landingPagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLandingPage: build.query<LandingPage, { kind: LandingKind; code: string }>({
      query: ({ kind, code }) => ({ url: `/api/landing-pages/${kind}/${encodeURIComponent(code)}` }),
    }),
    listAdminLandingPages: build.query<{ items: AdminLandingPage[] }, void>({
      query: () => ({ url: '/api/admin/landing-pages' }),
      providesTags: [kList],
    }),
    getAdminLandingPage: build.query<AdminLandingPage, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/landing-pages/${id}` }),
      providesTags: (_result, _error, arg) => [{ type: 'LandingPage', id: arg.id }],
    }),
    createLandingPage: build.mutation<AdminLandingPage, LandingPageInput>({
      query: (body) => ({ url: '/api/admin/landing-pages', method: 'POST', body }),
      invalidatesTags: [kList],
    }),
    updateLandingPage: build.mutation<AdminLandingPage, { id: number; body: LandingPageInput }>({
      query: ({ id, body }) => ({ url: `/api/admin/landing-pages/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, arg) => [kList, { type: 'LandingPage', id: arg.id }],
    }),
    deleteLandingPage: build.mutation<void, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/landing-pages/${id}`, method: 'DELETE' }),
      invalidatesTags: [kList],
    }),
    deleteLandingPageImage: build.mutation<AdminLandingPage, { id: number }>({
      query: ({ id }) => ({ url: `/api/admin/landing-pages/${id}/image`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, arg) => [kList, { type: 'LandingPage', id: arg.id }],
    }),
  }),
});

export const {
  useGetLandingPageQuery,
  useListAdminLandingPagesQuery,
  useGetAdminLandingPageQuery,
  useCreateLandingPageMutation,
  useUpdateLandingPageMutation,
  useDeleteLandingPageMutation,
  useDeleteLandingPageImageMutation,
} = landingPagesApi;
