import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import { useGetHelpFaqQuestionQuery } from '@/features/help/api/help-api';
import { HelpFrame, StillNeedHelp } from '@/features/help/components/help-frame';
import { helpPaths } from '@/features/help/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import { useLanguage } from '@/lib/i18n/use-language';

export default function FaqQuestionPage() {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const { code = '' } = useParams();
  const result = useGetHelpFaqQuestionQuery({ code });
  useDocumentTitle(result.data?.question ?? t('faq.title'));
  if (errorStatus(result.error) === 404) return <NotFoundPage />;
  const question = result.data;
  if (question === undefined) return <QueryFallback results={[result]} page />;
  return (
    <HelpFrame>
      <nav className="help-crumbs muted small">
        <Link to={helpPaths.index(lang)}>{t('faq.back')}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={`${helpPaths.index(lang)}#faq-${question.category.code}`}>{question.category.name}</Link>
      </nav>
      <article className="card help-answer">
        <h1 data-testid="faq-question">{question.question}</h1>
        {/* Safe by construction: rendered by the server's cmark with raw HTML off. */}
        <div
          className="markdown-body"
          data-testid="faq-answer"
          dangerouslySetInnerHTML={{ __html: question.answer_html }}
        />
      </article>
      {question.related.length > 0 && (
        <section className="help-related">
          <h2>{t('faq.related')}</h2>
          <ul>
            {question.related.map((item) => (
              <li key={item.code}>
                <Link to={helpPaths.faq(lang, item.code)}>{item.question}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <StillNeedHelp />
    </HelpFrame>
  );
}
