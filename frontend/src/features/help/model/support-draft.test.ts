import { checkSupportDraft, toTicketInput } from '@/features/help/model/support-draft';

describe('support draft', () => {
  const draft = { topic: 'bug' as const, subject: '  Hi!  ', message: 'short', email: 'nope' };

  it("checks the server's limits and a guest's e-mail", () => {
    expect(checkSupportDraft(draft, true)).toEqual({
      message: { kind: 'too_short', min: 10 },
      email: { kind: 'email' },
    });
    expect(checkSupportDraft({ ...draft, subject: 'ab', email: '' }, true)).toMatchObject({
      subject: { kind: 'too_short', min: 3 },
      email: { kind: 'required' },
    });
    expect(checkSupportDraft({ ...draft, message: 'long enough text' }, false)).toEqual({});
  });

  it('sends no e-mail for a signed-in user', () => {
    expect(toTicketInput({ ...draft, email: 'a@b.c' }, false, [{ id: 3, upload_token: null }])).toEqual({
      topic: 'bug',
      subject: 'Hi!',
      message: 'short',
      email: null,
      attachment_ids: [3],
    });
  });

  it("sends a guest's upload tokens with the ids", () => {
    const uploads = [
      { id: 3, upload_token: 'token-3' },
      { id: 4, upload_token: 'token-4' },
    ];
    expect(toTicketInput({ ...draft, email: ' a@b.c ' }, true, uploads)).toEqual({
      topic: 'bug',
      subject: 'Hi!',
      message: 'short',
      email: 'a@b.c',
      attachment_ids: [3, 4],
      upload_tokens: ['token-3', 'token-4'],
    });
  });
});
