import { articlePaths } from '@/features/articles/paths';
import type { FeatureRoute, MenuEntry } from '@/lib/routing/feature-route';
import { lazyRoute } from '@/lib/routing/lazy-route';

const ArticlesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-articles" */ '@/features/articles/pages/articles-page'),
);
const ArticlePage = lazyRoute(
  () => import(/* webpackChunkName: "route-article" */ '@/features/articles/pages/article-page'),
);
const ArticleFormPage = lazyRoute(
  () => import(/* webpackChunkName: "route-article-form" */ '@/features/articles/pages/article-form-page'),
);
const MyArticlesPage = lazyRoute(
  () => import(/* webpackChunkName: "route-articles-my" */ '@/features/articles/pages/my-articles-page'),
);
const AdminArticlesPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-admin-articles" */ '@/features/articles/pages/admin-articles-page'),
);
const AdminCategoryPage = lazyRoute(
  () =>
    import(/* webpackChunkName: "route-admin-articles" */ '@/features/articles/pages/admin-category-page'),
);
const AdminArticleFormPage = lazyRoute(
  () =>
    import(
      /* webpackChunkName: "route-admin-articles" */ '@/features/articles/pages/admin-article-form-page'
    ),
);

// SPEC §2 route ids in the comments; the static segments win over `:code` in react-router's ranking.
export const articlesRoutes: FeatureRoute[] = [
  { path: 'articles', element: <ArticlesPage /> }, // articles
  { path: 'articles/-create-', element: <ArticleFormPage />, access: 'user' }, // articleCreate
  { path: 'articles/-my-', element: <MyArticlesPage />, access: 'user' }, // articleListMy
  { path: 'articles/:code', element: <ArticlePage /> }, // articleDetail
  { path: 'articles/:code/edit', element: <ArticleFormPage />, access: 'user' }, // articleEdit
  { path: 'admin/articles', element: <AdminArticlesPage />, access: 'admin' },
  { path: 'admin/articles/create-category', element: <AdminCategoryPage />, access: 'admin' },
  { path: 'admin/articles/edit-category/:id', element: <AdminCategoryPage />, access: 'admin' },
  { path: 'admin/articles/create-article', element: <AdminArticleFormPage />, access: 'admin' },
  { path: 'admin/articles/edit-article/:id', element: <AdminArticleFormPage />, access: 'admin' },
];

export const articlesMenu: MenuEntry[] = [
  { section: 'top', id: 'articles', label: (t) => t('nav.articles'), to: (lang) => articlePaths.list(lang) },
];
