import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';

// While a not-found page is shown, its title wins over the title of the page that rendered it (a parent's
// effects run after its child's): every 404 has the same title.
let notFoundShown = 0;

function setTitle(title: string, app: string): void {
  document.title = title === '' ? app : `${title} — ${app}`;
}

export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const app = t('app_name');
  useEffect(() => {
    if (notFoundShown === 0) setTitle(title, app);
  }, [title, app]);
}

// The not-found page's title, as SPEC §2 words it: "404 - Страница не найдена" (and its English twin), without
// the site's name.
export function useNotFoundTitle(): void {
  const { t } = useTranslation();
  const title = t('not_found.document_title');
  useLayoutEffect(() => {
    notFoundShown += 1;
    return () => {
      notFoundShown -= 1;
    };
  }, []);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
