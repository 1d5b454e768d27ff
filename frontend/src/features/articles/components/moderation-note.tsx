import { useTranslation } from 'react-i18next';

import type { ArticleModeration } from '@/features/articles/model/types';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

// The moderator's last word on an article (returned or blocked: the reason and the comment), for its author and
// the admins.
export function ModerationNote({ moderation }: { moderation: ArticleModeration | null | undefined }) {
  const { t } = useTranslation('articles');
  const lang = useLanguage();
  if (moderation === null || moderation === undefined || moderation.action === 'publish') return null;
  const action = moderation.action === 'block' ? 'block' : 'return';
  return (
    <div className={`moderation-note moderation-note-${action}`} data-testid="moderation-note" role="note">
      <p className="moderation-note-head">
        <strong>{t(`moderation.${action}`)}</strong>{' '}
        <span className="muted small">{formatDateTime(moderation.at, lang)}</span>
      </p>
      {moderation.reason !== null && (
        <p>{t('moderation.reason', { reason: t(`reasons.${moderation.reason}`) })}</p>
      )}
      {moderation.comment !== null && moderation.comment !== '' && (
        <p className="moderation-note-comment">{t('moderation.comment', { comment: moderation.comment })}</p>
      )}
    </div>
  );
}
