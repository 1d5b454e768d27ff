import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useNotFoundTitle } from '@/hooks/use-document-title';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const title = t('not_found.title');
  useNotFoundTitle();
  return (
    <section className="page page-narrow not-found" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p className="lead">{t('not_found.text')}</p>
      <Link className="p-button" to={paths.main(lang)}>
        {t('not_found.home')}
      </Link>
    </section>
  );
}
