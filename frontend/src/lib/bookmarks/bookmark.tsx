import { signedInPart } from '@/lib/composition/signed-in-part';

// What can be bookmarked (the favourites' kinds, issue 25).
export type BookmarkKind = 'order' | 'freelancer' | 'vacancy' | 'resume' | 'company';

export interface BookmarkProps {
  kind: BookmarkKind;
  id: number;
}

// The favourites' star on the order, freelancer, vacancy, resume and company pages: they render <Bookmark>, the
// app shell provides the favourites feature's toggle as `Bookmark`.
export const Bookmark = signedInPart<BookmarkProps>('Bookmark');
