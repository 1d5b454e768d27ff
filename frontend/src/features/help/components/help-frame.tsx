import '@/styles/help.css';

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';

import { useGetHelpFaqQuery } from '@/features/help/api/help-api';
import { helpPaths } from '@/features/help/paths';
import { useLanguage } from '@/lib/i18n/use-language';

// The help area's frame: the FAQ categories and the support link beside (on a phone: above) the page.
export function HelpFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  const faq = useGetHelpFaqQuery();
  return (
    <div className="page help-layout">
      <nav className="help-nav" aria-label={t('nav.label')} data-testid="help-nav">
        <NavLink to={helpPaths.index(lang)} end className="help-nav-home">
          <span className="pi pi-question-circle" aria-hidden="true" /> {t('nav.home')}
        </NavLink>
        {faq.data !== undefined && faq.data.categories.length > 0 && (
          <>
            <p className="help-nav-heading muted">{t('nav.categories')}</p>
            <ul className="help-nav-list">
              {faq.data.categories.map((category) => (
                <li key={category.id}>
                  <Link to={`${helpPaths.index(lang)}#faq-${category.code}`}>{category.name}</Link>
                </li>
              ))}
            </ul>
          </>
        )}
        <NavLink to={helpPaths.support(lang)} className="help-nav-support" data-testid="help-nav-support">
          <span className="pi pi-envelope" aria-hidden="true" /> {t('nav.support')}
        </NavLink>
      </nav>
      <div className="help-main">{children}</div>
    </div>
  );
}

// The "still need help?" box under an answer and the search results.
export function StillNeedHelp() {
  const { t } = useTranslation('help');
  const lang = useLanguage();
  return (
    <aside className="help-still card" data-testid="still-need-help">
      <h2>{t('faq.still_need')}</h2>
      <p className="muted">{t('faq.still_need_text')}</p>
      <Link className="p-button p-component" to={helpPaths.support(lang)} data-testid="write-support">
        <span className="p-button-label">{t('faq.write_support')}</span>
      </Link>
    </aside>
  );
}
