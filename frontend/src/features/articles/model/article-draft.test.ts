import {
  checkArticleDraft,
  draftOfArticle,
  parseTags,
  toArticleInput,
  type ArticleDraft,
} from '@/features/articles/model/article-draft';
import { checkModeration } from '@/features/articles/model/moderation';

const kGood: ArticleDraft = {
  title: 'How to price a logo',
  code: '',
  lead: 'A short lead.',
  body: '# Hello',
  categoryId: 1,
  tags: 'Design, logo, design',
  lang: 'en',
};

describe('article draft', () => {
  it('accepts a complete draft and sends the code as null when empty', () => {
    expect(checkArticleDraft(kGood)).toEqual({});
    expect(toArticleInput(kGood)).toEqual({
      title: 'How to price a logo',
      code: null,
      lead: 'A short lead.',
      body: '# Hello',
      category_id: 1,
      tags: ['design', 'logo'],
      lang: 'en',
    });
  });

  it('checks the server limits field by field', () => {
    expect(
      checkArticleDraft({ ...kGood, title: 'ab', code: 'Bad Code', body: ' ', categoryId: null, tags: 'x' }),
    ).toEqual({
      title: 'title_length',
      code: 'code_format',
      body: 'required',
      category_id: 'required',
      tags: 'tag_length',
    });
    expect(checkArticleDraft({ ...kGood, tags: 'aa,bb,cc,dd,ee,ff,gg,hh,ii,jj,kk' }).tags).toBe('tags_count');
    expect(checkArticleDraft({ ...kGood, code: '-abc' }).code).toBe('code_format');
    expect(checkArticleDraft({ ...kGood, code: 'kak-naznachit-cenu' }).code).toBeUndefined();
  });

  it('splits tags by commas, lower-cased and without repeats', () => {
    expect(parseTags(' Go , go,, Rust ')).toEqual(['go', 'rust']);
  });

  it('starts an empty draft in the interface language', () => {
    expect(draftOfArticle(null, 'ru')).toMatchObject({ lang: 'ru', title: '', categoryId: null });
  });
});

describe('moderation check', () => {
  it('requires both a reason and a comment', () => {
    expect(checkModeration(null, '  ')).toEqual({ reason: 'reason_required', comment: 'comment_required' });
    expect(checkModeration('spam', 'x'.repeat(2001))).toEqual({ comment: 'comment_length' });
    expect(checkModeration('rules', 'Please fix the links.')).toEqual({});
  });
});
