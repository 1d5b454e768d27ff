import { fireEvent, screen, waitFor } from '@testing-library/react';

import { ResponseItem } from '@/features/hiring/components/response-item';
import {
  emptyInterview,
  formatInterviewTime,
  interviewBody,
  interviewStarted,
} from '@/features/hiring/model/interview';
import type { Response } from '@/lib/api/schema.generated';
import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

const kUser = { id: 7, name: 'Anna', lastname: 'Petrova', avatar: null };
const kEmployer = { id: 9, name: 'Oleg', lastname: 'Ivanov', avatar: null };
// 3 December 2026, 14:00 in the test's own time zone.
const kAt = new Date(2026, 11, 3, 14, 0).toISOString();

function response(extra: Partial<Response>): Response {
  return {
    id: 31,
    vacancy: {
      id: 5,
      title: 'Frontend developer',
      status: 'published',
      company: { id: 2, name: 'Acme', logo: null },
    },
    resume: {
      id: 12,
      user: kUser,
      position: 'React developer',
      salary: null,
      experience_months: 0,
      experience: 'none',
      education_level: 'higher',
      country_id: null,
      city_id: null,
      skill_ids: [],
      photo: null,
      last_job: null,
      published_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    },
    applicant: kUser,
    employer: kEmployer,
    origin: 'response',
    status: 'interview',
    letter: '',
    discard_reason: null,
    interview_at: null,
    interview_format: null,
    interview_place: null,
    interview_message: null,
    attempts: 1,
    reapply_at: null,
    actions: [],
    history: [],
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    status_changed_at: '2026-01-02T10:00:00Z',
    ...extra,
  };
}

const kCatalogIndex = buildCatalogIndex(kCatalog, 'en');

function renderItem(item: Response, side: 'employer' | 'applicant') {
  return renderRoutes(
    [{ path: '/:lang', element: <ResponseItem response={item} side={side} catalog={kCatalogIndex} /> }],
    '/en',
    sessionOf('Authenticated', kTestUser),
  );
}

describe("an interview's date and time", () => {
  it('reads as a day with its month and a 24-hour time in both languages', () => {
    const now = new Date(2026, 10, 29);
    expect(formatInterviewTime(kAt, 'en', now)).toBe('3 December, 14:00');
    expect(formatInterviewTime(kAt, 'ru', now)).toBe('3 декабря, 14:00');
    // Another year names it.
    expect(formatInterviewTime(kAt, 'en', new Date(2025, 0, 1))).toBe('3 December 2026, 14:00');
  });

  it('joins the day and the time of day into one moment, and sends no details until begun', () => {
    const draft = emptyInterview();
    expect(interviewStarted(draft)).toBe(false);
    draft.day = new Date(2026, 11, 3);
    draft.format = 'online';
    draft.place = '  https://meet.example.com/a  ';
    draft.message = ' ';
    expect(interviewStarted(draft)).toBe(true);
    expect(interviewBody(draft, true)).toEqual({
      interview_at: new Date(2026, 11, 3, 10, 0).toISOString(),
      interview_format: 'online',
      interview_place: 'https://meet.example.com/a',
      interview_message: null,
    });
    expect(interviewBody(draft, false)).not.toHaveProperty('interview_message');
  });
});

describe('the interview in a response', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the applicant when, how and where, with the meeting link', () => {
    mockFetch(() => undefined);
    renderItem(
      response({
        interview_at: kAt,
        interview_format: 'online',
        interview_place: 'https://meet.example.com/abc',
        interview_message: 'Bring your portfolio.',
      }),
      'applicant',
    );
    const summary = screen.getByTestId('response-interview');
    expect(summary).toHaveTextContent(
      /Interview: 3 December( 2026)?, 14:00, online — https:\/\/meet\.example\.com\/abc/,
    );
    expect(summary).toHaveTextContent('Bring your portfolio.');
    expect(screen.getByRole('link', { name: 'https://meet.example.com/abc' })).toHaveAttribute(
      'href',
      'https://meet.example.com/abc',
    );
  });

  it('is not shown once the response is closed', () => {
    mockFetch(() => undefined);
    renderItem(response({ status: 'discarded', interview_at: kAt, interview_format: 'phone' }), 'applicant');
    expect(screen.queryByTestId('response-interview')).not.toBeInTheDocument();
  });

  it("asks the employer for the details in a dialog and shows the server's field errors there", async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/responses/31/interview'
        ? {
            status: 422,
            body: {
              code: 'ValidationFailed',
              message: 'Check the fields.',
              errors: {
                interview_at: ['Choose the interview date and time.'],
                interview_format: ['Choose how the interview takes place.'],
              },
            },
          }
        : undefined,
    );
    renderItem(response({ status: 'viewed', actions: ['interview', 'offer', 'discard'] }), 'employer');
    fireEvent.click(screen.getByTestId('response-open'));
    fireEvent.click(screen.getByTestId('action-interview'));
    expect(await screen.findByTestId('interview-fields')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toBeInTheDocument();
    expect(screen.getByLabelText('Time')).toHaveValue('10:00');
    fireEvent.change(screen.getByLabelText('Message to the candidate (optional)'), {
      target: { value: 'See you!' },
    });
    fireEvent.click(screen.getByTestId('interview-confirm'));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/responses/31/interview')?.body).toEqual({
        interview_at: null,
        interview_format: null,
        interview_place: null,
        interview_message: 'See you!',
      }),
    );
    expect(await screen.findByText('Choose the interview date and time.')).toBeInTheDocument();
    expect(screen.getByText('Choose how the interview takes place.')).toBeInTheDocument();
    expect(screen.queryByText('Check the fields.')).not.toBeInTheDocument();
  }, 15_000);
});
