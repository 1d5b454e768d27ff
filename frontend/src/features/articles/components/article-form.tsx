import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';

import { FieldError, serverError } from '@/components/field-error';
import { TextField } from '@/components/text-field';
import { articlesApi, useDeleteArticleCoverMutation } from '@/features/articles/api/articles-api';
import {
  checkArticleDraft,
  draftOfArticle,
  toArticleInput,
  type ArticleDraft,
  type DraftErrors,
} from '@/features/articles/model/article-draft';
import { kArticleLangs } from '@/features/articles/model/article-filters';
import type { Article, ArticleCategory, ArticleInput } from '@/features/articles/model/types';
import { uploadRaw } from '@/lib/api/upload';
import { useLanguage } from '@/lib/i18n/use-language';

export interface ArticleFormIntent<I extends string> {
  intent: I;
  label: string;
  primary?: boolean;
}

export interface ArticleFormProps<I extends string> {
  article: Article | null;
  categories: ArticleCategory[];
  // The buttons; each saves the form and says what to do after (save a draft, submit, publish).
  intents: ArticleFormIntent<I>[];
  onSave: (input: ArticleInput, intent: I) => Promise<void>;
  // The last save's 422 field errors (localized by the server).
  server: Record<string, string[]>;
  saving: boolean;
  // The cover can be set once the article exists (its author only: the cover endpoint is the author's).
  coverEnabled: boolean;
  // Extra controls above the buttons (the admin's "publish at once").
  extra?: ReactNode;
}

// The article form: title, address, lead, category, tags, language, the Markdown text with its preview (the
// server's rendering of the last saved draft: the SPA renders no Markdown itself), and the cover.
export function ArticleForm<I extends string>({
  article,
  categories,
  intents,
  onSave,
  server,
  saving,
  coverEnabled,
  extra,
}: ArticleFormProps<I>) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const dispatch = useDispatch();
  const [draft, setDraft] = useState<ArticleDraft>(() => draftOfArticle(article, lang));
  const [checked, setChecked] = useState<DraftErrors | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const [coverError, setCoverError] = useState<string | undefined>(undefined);
  const [removeCover, removingCover] = useDeleteArticleCoverMutation();
  const set = (patch: Partial<ArticleDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (checked !== null) setChecked(checkArticleDraft(next));
  };
  const errorOf = (field: keyof DraftErrors): string | undefined => {
    const own = checked?.[field];
    return own !== undefined ? t(`form.errors.${own}`) : serverError(server, field);
  };
  const submit = (intent: I) => async (event?: FormEvent) => {
    event?.preventDefault();
    const errors = checkArticleDraft(draft);
    setChecked(errors);
    if (Object.keys(errors).length > 0) return;
    await onSave(toArticleInput(draft), intent);
  };
  const uploadCover = async (file: File) => {
    if (article === null) return;
    setCoverError(undefined);
    setCoverProgress(0);
    const result = await uploadRaw<Article>(
      `/api/articles/${article.id}/cover`,
      file,
      file.type,
      setCoverProgress,
    );
    setCoverProgress(null);
    if (result.ok) dispatch(articlesApi.util.invalidateTags([{ type: 'Article', id: article.id }]));
    else setCoverError(result.error.message);
  };
  const stale = article !== null && article.body !== draft.body;
  return (
    <form
      className="card article-form"
      onSubmit={(event) => void submit(intents[0]?.intent as I)(event)}
      noValidate
      data-testid="article-form"
    >
      <TextField
        label={t('form.title')}
        name="title"
        required
        maxLength={200}
        value={draft.title}
        error={errorOf('title')}
        onChange={(title) => set({ title })}
      />
      <TextField
        label={t('form.code')}
        name="code"
        maxLength={100}
        value={draft.code}
        hint={t('form.code_hint')}
        error={errorOf('code')}
        onChange={(code) => set({ code: code.toLowerCase() })}
      />
      <TextField
        label={t('form.lead')}
        name="lead"
        rows={2}
        maxLength={500}
        value={draft.lead}
        hint={t('form.lead_hint')}
        error={errorOf('lead')}
        onChange={(lead) => set({ lead })}
      />
      <div className="form-grid">
        <div className="field">
          <label className="field-label" htmlFor="article-category">
            {t('form.category')}
          </label>
          <Dropdown
            inputId="article-category"
            value={draft.categoryId}
            options={categories.map((item) => ({ value: item.id, label: item.name }))}
            onChange={(event) => set({ categoryId: event.value as number })}
          />
          <FieldError message={errorOf('category_id')} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="article-lang-field">
            {t('form.lang')}
          </label>
          <Dropdown
            inputId="article-lang-field"
            value={draft.lang}
            options={kArticleLangs.map((value) => ({ value, label: t(`list.lang.${value}`) }))}
            onChange={(event) => set({ lang: event.value as ArticleDraft['lang'] })}
          />
          <FieldError message={serverError(server, 'lang')} />
        </div>
      </div>
      <TextField
        label={t('form.tags')}
        name="tags"
        maxLength={400}
        value={draft.tags}
        hint={t('form.tags_hint')}
        error={errorOf('tags')}
        onChange={(tags) => set({ tags })}
      />
      <div className="field article-body-field">
        <div className="article-body-tabs" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'write'}
            className={tab === 'write' ? 'tab active' : 'tab'}
            onClick={() => setTab('write')}
          >
            {t('form.write')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'preview'}
            className={tab === 'preview' ? 'tab active' : 'tab'}
            onClick={() => setTab('preview')}
          >
            {t('form.preview')}
          </button>
        </div>
        {tab === 'write' ? (
          <TextField
            label={t('form.body')}
            name="body"
            rows={14}
            maxLength={100000}
            value={draft.body}
            error={errorOf('body')}
            onChange={(body) => set({ body })}
          />
        ) : (
          <div className="article-preview" data-testid="article-preview">
            {article === null ? (
              <p className="muted">{t('form.preview_empty')}</p>
            ) : (
              <>
                {stale && <p className="muted small">{t('form.preview_stale')}</p>}
                {/* The server's cmark rendering (raw HTML off): safe by construction. */}
                <div className="markdown-body" dangerouslySetInnerHTML={{ __html: article.body_html }} />
              </>
            )}
          </div>
        )}
      </div>
      <div className="field article-cover-field">
        <span className="field-label">{t('form.cover')}</span>
        {article?.cover != null && (
          <img className="article-form-cover" src={article.cover.thumbnail_url} alt="" />
        )}
        {coverEnabled && article !== null ? (
          <div className="card-actions">
            <label className="p-button p-button-outlined p-button-sm article-cover-upload">
              {t('form.cover_upload')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="visually-hidden"
                data-testid="cover-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file !== undefined) void uploadCover(file);
                }}
              />
            </label>
            {article.cover !== null && (
              <Button
                type="button"
                text
                size="small"
                label={t('form.cover_remove')}
                loading={removingCover.isLoading}
                onClick={() => void removeCover({ id: article.id })}
              />
            )}
            {coverProgress !== null && <span className="muted small">{Math.round(coverProgress)}%</span>}
          </div>
        ) : (
          article === null && <small className="field-hint">{t('form.cover_after_save')}</small>
        )}
        <FieldError message={coverError} />
      </div>
      {article?.status === 'published' && <p className="muted small">{t('form.published_note')}</p>}
      {extra}
      <div className="form-actions">
        {intents.map(({ intent, label, primary }) => (
          <Button
            key={intent}
            type="button"
            label={label}
            outlined={primary !== true}
            loading={saving}
            onClick={() => void submit(intent)()}
            data-testid={`article-${intent}`}
          />
        ))}
      </div>
    </form>
  );
}
