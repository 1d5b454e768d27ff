import type { ReactNode } from 'react';

import { QueryState, type QueryResult } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { ArticleCard } from '@/features/articles/components/article-card';
import type { ArticleCard as ArticleCardData } from '@/features/articles/model/types';

// One keyset page of article cards with their state and the caller's actions under each (the author's list, the
// admin's queue): loading, error with a retry, empty on the first page, and "show more" under the last page.
export function ArticleCardsPage<A extends ArticleCardData>({
  result,
  cursor,
  last,
  empty,
  actions,
  onMore,
}: {
  result: QueryResult<{ items: A[]; next_cursor: string | null }>;
  cursor: string | undefined;
  last: boolean;
  empty: ReactNode;
  actions: (article: A) => ReactNode;
  onMore: (cursor: string) => void;
}) {
  return (
    <QueryState
      result={result}
      isEmpty={(data) => data.items.length === 0 && cursor === undefined}
      empty={empty}
    >
      {(data) => (
        <>
          {data.items.map((article) => (
            <ArticleCard key={article.id} article={article} showStatus footer={actions(article)} />
          ))}
          {last && (
            <ShowMoreButton nextCursor={data.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}
