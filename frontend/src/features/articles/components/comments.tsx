import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';

import { FieldError } from '@/components/field-error';
import { KeysetPages } from '@/components/keyset-pages';
import { QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import {
  useCreateArticleCommentMutation,
  useDeleteArticleCommentMutation,
  useHideCommentMutation,
  useListArticleCommentsQuery,
  useUpdateArticleCommentMutation,
  useVoteArticleCommentMutation,
} from '@/features/articles/api/articles-api';
import { VoteButtons } from '@/features/articles/components/vote-buttons';
import type { ArticleComment, CommentThread } from '@/features/articles/model/types';
import { useNow } from '@/hooks/use-now';
import { firstFieldError } from '@/lib/api/api-error';
import { kDefaultAvatar } from '@/lib/default-avatar';
import { formatDateTime, fullName } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';
import { paths } from '@/lib/routing/paths';
import { useViewer } from '@/lib/session/viewer';

const kMaxComment = 5000;
const kCommentPage = 20;

function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = () =>
    Math.floor(Math.random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-8${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}

// The comment (or reply) form; the client_id stays the same across retries of one text, so a retried send
// cannot post it twice.
function CommentForm({
  articleId,
  parentId,
  onDone,
  autoFocus = false,
}: {
  articleId: number;
  parentId: number | null;
  onDone?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('articles');
  const [text, setText] = useState('');
  const [clientId, setClientId] = useState(newClientId);
  const [create, created] = useCreateArticleCommentMutation();
  const tooLong = text.length > kMaxComment;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || tooLong) return;
    const result = await create({
      id: articleId,
      articleCommentInput: { text: text.trim(), parent_id: parentId, client_id: clientId },
    });
    if ('data' in result) {
      setText('');
      setClientId(newClientId());
      onDone?.();
    }
  };
  const label = parentId === null ? t('comments.label') : t('comments.reply_label');
  return (
    <form className="comment-form" onSubmit={(event) => void onSubmit(event)}>
      <InputTextarea
        aria-label={label}
        placeholder={t('comments.placeholder')}
        value={text}
        rows={parentId === null ? 3 : 2}
        autoResize
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
      />
      <FieldError message={tooLong ? t('comments.too_long') : firstFieldError(created.error, 'text')} />
      <div className="comment-form-actions">
        <Button
          type="submit"
          size="small"
          label={t('comments.send')}
          loading={created.isLoading}
          disabled={text.trim() === '' || tooLong}
        />
        {onDone !== undefined && (
          <Button type="button" size="small" text label={t('comments.cancel')} onClick={onDone} />
        )}
      </div>
    </form>
  );
}

function CommentItem({
  articleId,
  comment,
  topId,
  onReply,
}: {
  articleId: number;
  comment: ArticleComment;
  topId: number;
  onReply: (topId: number) => void;
}) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const viewer = useViewer();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text ?? '');
  const [edit, edited] = useUpdateArticleCommentMutation();
  const [remove] = useDeleteArticleCommentMutation();
  const [hide, hiding] = useHideCommentMutation();
  const [vote, voting] = useVoteArticleCommentMutation();
  const now = useNow(15_000);
  const mine = viewer.id !== null && viewer.id === comment.author.id;
  const gone = comment.deleted || comment.hidden;
  const editable =
    mine && !gone && comment.editable_until !== null && Date.parse(comment.editable_until) > now;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '' || draft.length > kMaxComment) return;
    const result = await edit({ id: articleId, commentId: comment.id, body: { text: draft.trim() } });
    if ('data' in result) setEditing(false);
  };
  return (
    <div
      className={gone ? 'comment comment-gone' : 'comment'}
      data-testid="comment"
      id={`comment-${comment.id}`}
    >
      <div className="comment-head">
        <img className="avatar" src={comment.author.avatar ?? kDefaultAvatar} alt="" width={28} height={28} />
        <strong>{fullName(comment.author)}</strong>
        <span className="muted small">{formatDateTime(comment.created_at, lang)}</span>
        {comment.edited_at !== null && !gone && <span className="muted small">({t('comments.edited')})</span>}
      </div>
      {editing ? (
        <form className="comment-form" onSubmit={(event) => void save(event)}>
          <InputTextarea
            aria-label={t('comments.label')}
            value={draft}
            rows={2}
            autoResize
            onChange={(event) => setDraft(event.target.value)}
          />
          <FieldError
            message={
              draft.length > kMaxComment ? t('comments.too_long') : firstFieldError(edited.error, 'text')
            }
          />
          <div className="comment-form-actions">
            <Button type="submit" size="small" label={t('comments.save')} loading={edited.isLoading} />
            <Button
              type="button"
              size="small"
              text
              label={t('comments.cancel')}
              onClick={() => setEditing(false)}
            />
          </div>
        </form>
      ) : gone ? (
        <p className="comment-text muted">{comment.hidden ? t('comments.hidden') : t('comments.deleted')}</p>
      ) : (
        <p className="comment-text">{comment.text}</p>
      )}
      <div className="comment-actions">
        {!gone && (
          <VoteButtons
            rating={comment.rating}
            myVote={comment.my_vote}
            canVote={!mine}
            busy={voting.isLoading}
            upLabel={t('comments.vote_up')}
            downLabel={t('comments.vote_down')}
            onVote={(value) => void vote({ id: articleId, commentId: comment.id, voteInput: { value } })}
            testId="comment-votes"
          />
        )}
        {viewer.status === 'Authenticated' && !gone && (
          <Button
            type="button"
            size="small"
            text
            label={t('comments.reply')}
            onClick={() => onReply(topId)}
          />
        )}
        {editable && !editing && (
          <Button
            type="button"
            size="small"
            text
            label={t('comments.edit')}
            onClick={() => {
              setDraft(comment.text ?? '');
              setEditing(true);
            }}
          />
        )}
        {mine && !comment.deleted && (
          <Button
            type="button"
            size="small"
            text
            severity="danger"
            label={t('comments.delete')}
            onClick={() =>
              confirmDialog({
                message: t('comments.delete_confirm'),
                accept: () => void remove({ id: articleId, commentId: comment.id }),
              })
            }
          />
        )}
        {viewer.admin === true && !comment.deleted && (
          <Button
            type="button"
            size="small"
            text
            severity="secondary"
            label={comment.hidden ? t('comments.unhide') : t('comments.hide')}
            loading={hiding.isLoading}
            onClick={() => void hide({ id: articleId, commentId: comment.id, hidden: !comment.hidden })}
          />
        )}
      </div>
    </div>
  );
}

function Thread({ articleId, thread }: { articleId: number; thread: CommentThread }) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="comment-thread">
      <CommentItem
        articleId={articleId}
        comment={thread}
        topId={thread.id}
        onReply={() => setReplying(true)}
      />
      {(thread.replies.length > 0 || replying) && (
        <ul className="comment-replies">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem
                articleId={articleId}
                comment={reply}
                topId={thread.id}
                onReply={() => setReplying(true)}
              />
            </li>
          ))}
          {replying && (
            <li>
              <CommentForm
                articleId={articleId}
                parentId={thread.id}
                autoFocus
                onDone={() => setReplying(false)}
              />
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function CommentPageView({
  articleId,
  cursor,
  last,
  onMore,
}: {
  articleId: number;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('articles');
  const result = useListArticleCommentsQuery({ id: articleId, cursor, limit: kCommentPage });
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={<p className="muted">{t('comments.empty')}</p>}
    >
      {(data) => (
        <>
          <ul className="comment-list">
            {data.items.map((thread) => (
              <Thread key={thread.id} articleId={articleId} thread={thread} />
            ))}
          </ul>
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// The article's comments: top-level ones oldest first, each with its replies (one level), the form for a new one
// (guests get a login link), edit within the server's window, delete (a tombstone stays), votes, and the admins'
// hide.
export function Comments({ articleId, count }: { articleId: number; count: number }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  const location = useLocation();
  const viewer = useViewer();
  // The first page's query (shared with the list below) knows the current total.
  const first = useListArticleCommentsQuery({ id: articleId, cursor: undefined, limit: kCommentPage });
  const total = first.data?.total ?? count;
  return (
    <section className="article-comments" aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title">{t('comments.count', { count: total })}</h2>
      {viewer.status === 'Authenticated' ? (
        <CommentForm articleId={articleId} parentId={null} />
      ) : (
        <p>
          <Link to={paths.login(lang)} state={{ from: location.pathname + location.search }}>
            {t('comments.login')}
          </Link>
        </p>
      )}
      <KeysetPages key={articleId}>
        {(page) => <CommentPageView articleId={articleId} {...page} />}
      </KeysetPages>
    </section>
  );
}
