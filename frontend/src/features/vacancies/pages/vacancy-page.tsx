import '@/styles/marketplace.css';
import '@/styles/jobs.css';

import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { NotFoundPage } from '@/components/not-found-page';
import { QueryFallback } from '@/components/query-state';
import {
  useArchiveVacancyMutation,
  useDeleteVacancyMutation,
  useGetVacancyQuery,
  usePublishVacancyMutation,
  useRenewVacancyMutation,
} from '@/features/vacancies/api/vacancies-api';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorStatus } from '@/lib/api/api-error';
import type { Vacancy } from '@/lib/api/schema.generated';
import { useCatalogQuery } from '@/lib/catalog/use-catalog';
import { formatDate } from '@/lib/format/format';
import { placeText } from '@/lib/catalog/place';
import { salaryText } from '@/lib/money/salary';
import { useLanguage } from '@/lib/i18n/use-language';
import { isDigitId } from '@/lib/routing/digit-id';
import { paths } from '@/lib/routing/paths';
import { Bookmark } from '@/lib/bookmarks/bookmark';

export interface VacancyRespondProps {
  vacancy: Vacancy;
}

export interface VacancyPageProps {
  // The applicant's respond button and dialog, or their response's state (hiring, through the app's slots).
  Respond: ComponentType<VacancyRespondProps>;
}

// The owner's actions by status: publish (draft, archived), archive and renew (published), delete (draft).
function OwnerActions({ vacancy }: { vacancy: Vacancy }) {
  const { t } = useTranslation(['vacancies', 'companies']);
  const lang = useLanguage();
  const navigate = useNavigate();
  const [publish, published] = usePublishVacancyMutation();
  const [archive, archived] = useArchiveVacancyMutation();
  const [renew, renewed] = useRenewVacancyMutation();
  const [remove, removed] = useDeleteVacancyMutation();
  const id = vacancy.id;
  return (
    <div className="vacancy-owner-actions" data-testid="vacancy-owner-actions">
      <Link to={paths.vacancyEdit(lang, id)} className="p-button p-button-outlined">
        {t('vacancy.views')}
      </Link>
      {vacancy.status !== 'published' && (
        <Button
          type="button"
          label={t('vacancy.publish')}
          loading={published.isLoading}
          onClick={() => void publish({ id })}
        />
      )}
      {vacancy.status === 'published' && (
        <>
          <Button
            type="button"
            outlined
            label={t('vacancy.renew')}
            loading={renewed.isLoading}
            onClick={() => void renew({ id })}
          />
          <Button
            type="button"
            text
            label={t('vacancy.archive')}
            loading={archived.isLoading}
            onClick={() => void archive({ id })}
          />
        </>
      )}
      {vacancy.status === 'draft' && (
        <Button
          type="button"
          text
          severity="danger"
          label={t('vacancy.delete')}
          loading={removed.isLoading}
          onClick={() =>
            confirmDialog({
              message: t('vacancy.delete_confirm'),
              accept: async () => {
                const result = await remove({ id });
                if (!('error' in result)) navigate(paths.vacanciesMy(lang));
              },
            })
          }
        />
      )}
    </div>
  );
}

// vacancy/{id}: the vacancy with its company card, conditions, description, skills and contact (signed-in
// viewers), the owner's actions and counters, and the applicant's respond button (the Respond slot).
export default function VacancyPage({ Respond }: VacancyPageProps) {
  const { t } = useTranslation(['vacancies', 'companies', 'jobs']);
  const lang = useLanguage();
  const { id } = useParams();
  const valid = isDigitId(id);
  const vacancyQuery = useGetVacancyQuery({ id: Number(id) }, { skip: !valid });
  const catalogQuery = useCatalogQuery();
  useDocumentTitle(vacancyQuery.data?.title ?? t('vacancies:list.title'));
  if (!valid || errorStatus(vacancyQuery.error) === 404) return <NotFoundPage />;
  const vacancy = vacancyQuery.data;
  const catalog = catalogQuery.data;
  if (vacancy === undefined || catalog === undefined) {
    return <QueryFallback results={[vacancyQuery, catalogQuery]} page />;
  }
  const category = catalog.category(vacancy.category_id);
  const specialization =
    vacancy.specialization_id === null ? undefined : catalog.specialization(vacancy.specialization_id);
  const place = placeText(catalog, vacancy.country_id, vacancy.city_id);
  const facts: [string, string][] = [
    [t('vacancies:vacancy.employment'), t(`jobs:employment.${vacancy.employment}`)],
    [t('vacancies:vacancy.schedule'), t(`jobs:schedule.${vacancy.schedule}`)],
    [t('vacancies:vacancy.experience'), t(`jobs:experience.${vacancy.experience}`)],
    [t('vacancies:vacancy.education'), t(`jobs:education.${vacancy.education}`)],
  ];
  if (category !== undefined) {
    facts.push([
      t('vacancies:vacancy.category'),
      specialization === undefined
        ? catalog.name(category.names)
        : `${catalog.name(category.names)} · ${catalog.name(specialization.names)}`,
    ]);
  }
  if (place !== '' || vacancy.address !== '') {
    facts.push([
      t('vacancies:vacancy.address'),
      [place, vacancy.address].filter((item) => item !== '').join(', '),
    ]);
  }

  return (
    <section className="page vacancy-page" data-testid="vacancy-page">
      {vacancy.status === 'archived' && <p className="form-alert">{t('vacancies:vacancy.archived_note')}</p>}
      {vacancy.status === 'draft' && <p className="form-alert">{t('vacancies:vacancy.draft_note')}</p>}
      <div className="company-columns">
        <article className="card vacancy-main">
          <div className="bookmark-heading">
            <h1>{vacancy.title}</h1>
            <Bookmark kind="vacancy" id={vacancy.id} />
          </div>
          <p className="vacancy-salary">{salaryText(vacancy.salary, catalog, lang, t)}</p>
          <dl className="vacancy-facts">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {vacancy.is_owner ? <OwnerActions vacancy={vacancy} /> : <Respond vacancy={vacancy} />}
          <p className="preserve-lines vacancy-description">{vacancy.description}</p>
          {vacancy.skill_ids.length > 0 && (
            <>
              <h2>{t('vacancies:vacancy.skills')}</h2>
              <ul className="chips">
                {vacancy.skill_ids.map((skillId) => {
                  const skill = catalog.skill(skillId);
                  return skill === undefined ? null : <li key={skillId}>{catalog.name(skill.names)}</li>;
                })}
              </ul>
            </>
          )}
          <h2>{t('vacancies:vacancy.contact')}</h2>
          {vacancy.contact === null ? (
            <p className="muted">
              <Link to={paths.login(lang)}>{t('vacancies:vacancy.contact_login')}</Link>
            </p>
          ) : (
            <p data-testid="vacancy-contact">
              {[vacancy.contact.name, vacancy.contact.email, vacancy.contact.phone]
                .filter((item) => item !== '')
                .join(' · ')}
            </p>
          )}
          <p className="muted small">
            {vacancy.published_at === null
              ? ''
              : t('vacancies:vacancy.published', { date: formatDate(vacancy.published_at, lang) })}
            {vacancy.is_owner && vacancy.status === 'published' && vacancy.expires_at !== null
              ? ` · ${t('vacancies:vacancy.expires', { date: formatDate(vacancy.expires_at, lang) })}`
              : ''}
          </p>
        </article>
        <aside className="card company-side">
          <Link to={paths.employer(lang, vacancy.company.id)} className="vacancy-company-card">
            {vacancy.company.logo !== null && (
              <img
                className="company-logo"
                src={vacancy.company.logo.thumbnail_url}
                alt=""
                width={64}
                height={64}
              />
            )}
            <strong>{vacancy.company.name}</strong>
          </Link>
          {vacancy.company.verified && <p className="muted">{t('companies:company.verified')}</p>}
          {vacancy.company.rating !== null && (
            <p>
              ★ {vacancy.company.rating.toFixed(1)} ·{' '}
              {t('companies:rating.reviews', { count: vacancy.company.review_count })}
            </p>
          )}
          {vacancy.is_owner && vacancy.response_count !== null && (
            <p data-testid="vacancy-response-count">
              {t('vacancies:vacancy.responses', { count: vacancy.response_count })}
              {vacancy.new_response_count !== null && vacancy.new_response_count > 0
                ? ` · ${t('vacancies:vacancy.new_responses', { count: vacancy.new_response_count })}`
                : ''}
            </p>
          )}
        </aside>
      </div>
    </section>
  );
}
