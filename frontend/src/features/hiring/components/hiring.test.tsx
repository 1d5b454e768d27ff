import { fireEvent, screen, waitFor } from '@testing-library/react';

import { RespondPanel } from '@/features/hiring/components/respond-panel';
import { ResponseItem } from '@/features/hiring/components/response-item';
import type { Response, ResponseStatus, ResponseTransition } from '@/lib/api/schema.generated';
import { buildCatalogIndex } from '@/lib/catalog/catalog-index';
import { ViewerContext } from '@/lib/session/viewer';
import { toastStore } from '@/lib/toast/toast-store';
import { kCatalog } from '@/test/catalog';
import { mockFetch } from '@/test/fetch-mock';
import { kTestUser, renderRoutes, sessionOf } from '@/test/render';

const kUser = { id: 7, name: 'Anna', lastname: 'Petrova', avatar: null };
const kEmployer = { id: 9, name: 'Oleg', lastname: 'Ivanov', avatar: null };

function response(
  status: ResponseStatus,
  actions: ResponseTransition[],
  extra: Partial<Response> = {},
): Response {
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
      salary: { amount: 20000000, currency: 'RUB' },
      experience_months: 40,
      experience: '3_6',
      education_level: 'higher',
      country_id: null,
      city_id: null,
      skill_ids: [101],
      photo: null,
      last_job: { company: 'Old Co', position: 'Developer' },
      published_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    },
    applicant: kUser,
    employer: kEmployer,
    origin: 'response',
    status,
    letter: 'I would love to work with you.',
    discard_reason: null,
    interview_at: null,
    interview_format: null,
    interview_place: null,
    interview_message: null,
    attempts: 1,
    reapply_at: null,
    actions,
    history: [
      { action: 'apply', status: 'response', actor: 'applicant', reason: null, at: '2026-01-02T10:00:00Z' },
    ],
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    status_changed_at: '2026-01-02T10:00:00Z',
    ...extra,
  };
}

// The vacancy page's respond part, for the signed-in user 7 (the app shell provides the viewer).
function SignedIn() {
  return (
    <ViewerContext.Provider value={{ status: 'Authenticated', id: 7 }}>
      <RespondPanel vacancy={{ id: 5, title: 'Frontend', status: 'published', is_owner: false }} />
    </ViewerContext.Provider>
  );
}

const kCatalogIndex = buildCatalogIndex(kCatalog, 'en');
const kSession = sessionOf('Authenticated', kTestUser);

function renderItem(item: Response, side: 'employer' | 'applicant') {
  return renderRoutes(
    [{ path: '/:lang', element: <ResponseItem response={item} side={side} catalog={kCatalogIndex} /> }],
    '/en',
    kSession,
  );
}

describe('the respond dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toastStore.clear();
  });

  it('sends one of my published resumes with the cover letter and says "Application sent"', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/vacancies/5/my-response') return { status: 200, body: { response: null } };
      if (request.path === '/api/resumes/my') {
        return {
          status: 200,
          body: {
            items: [
              { id: 3, position: 'Draft resume', status: 'draft' },
              { id: 4, position: 'React developer', status: 'published' },
            ],
          },
        };
      }
      if (request.path === '/api/vacancies/5/responses' && request.method === 'POST') {
        return { status: 201, body: response('response', ['withdraw']) };
      }
      return undefined;
    });
    renderRoutes(
      [
        {
          path: '/:lang/vacancy/:id',
          element: <SignedIn />,
        },
      ],
      '/en/vacancy/5',
      kSession,
    );
    fireEvent.click(await screen.findByTestId('respond-button'));
    fireEvent.change(await screen.findByLabelText('Cover letter'), {
      target: { value: '  Hire me, please.  ' },
    });
    // The draft is not offered: the published resume is chosen.
    expect(screen.queryByText('Draft resume')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('respond-send'));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        resume_id: 4,
        letter: 'Hire me, please.',
      }),
    );
    // SPEC §8.
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((toast) => toast.summary)).toContain('Application sent'),
    );
  }, 15_000);

  it('offers to write a resume when none is published', async () => {
    mockFetch((request) => {
      if (request.path === '/api/vacancies/5/my-response') return { status: 200, body: { response: null } };
      if (request.path === '/api/resumes/my') {
        return { status: 200, body: { items: [{ id: 3, position: 'Draft resume', status: 'draft' }] } };
      }
      return undefined;
    });
    renderRoutes(
      [
        {
          path: '/:lang/vacancy/:id',
          element: <SignedIn />,
        },
      ],
      '/en/vacancy/5',
      kSession,
    );
    fireEvent.click(await screen.findByTestId('respond-button'));
    expect(await screen.findByTestId('respond-no-resume')).toHaveTextContent(
      'To respond you need a published resume.',
    );
    expect(screen.getByRole('link', { name: 'Post a resume' })).toHaveAttribute('href', '/en/resume/create');
  }, 15_000);

  it('shows my response and its actions once I have responded', async () => {
    mockFetch((request) =>
      request.path === '/api/vacancies/5/my-response'
        ? { status: 200, body: { response: response('interview', ['withdraw']) } }
        : undefined,
    );
    renderRoutes(
      [
        {
          path: '/:lang/vacancy/:id',
          element: <SignedIn />,
        },
      ],
      '/en/vacancy/5',
      kSession,
    );
    expect(await screen.findByTestId('response-status')).toHaveTextContent('Interview');
    expect(screen.getByTestId('action-withdraw')).toBeInTheDocument();
    expect(screen.queryByTestId('respond-button')).not.toBeInTheDocument();
  }, 15_000);
});

describe('the pipeline actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks a new response viewed when the employer opens it, and shows its buttons', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/responses/31/view'
        ? { status: 200, body: response('viewed', ['interview', 'offer', 'discard']) }
        : undefined,
    );
    renderItem(response('response', ['view', 'interview', 'discard']), 'employer');
    expect(requests.some((request) => request.path.endsWith('/view'))).toBe(false);
    fireEvent.click(screen.getByTestId('response-open'));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/responses/31/view')).toBe(true),
    );
    expect(screen.getByTestId('response-resume')).toHaveTextContent('React developer');
    expect(screen.getByTestId('action-interview')).toBeInTheDocument();
    expect(screen.getByTestId('action-discard')).toBeInTheDocument();
    expect(screen.queryByTestId('action-view')).not.toBeInTheDocument();
    expect(screen.queryByTestId('action-hire')).not.toBeInTheDocument();
  }, 15_000);

  it('does not send view again for a response already viewed', async () => {
    const { requests } = mockFetch(() => undefined);
    renderItem(response('viewed', ['interview', 'offer', 'discard']), 'employer');
    fireEvent.click(screen.getByTestId('response-open'));
    expect(await screen.findByTestId('action-offer')).toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith('/view'))).toBe(false);
  });

  it('discards with the reason typed in the dialog', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/responses/31/discard'
        ? { status: 200, body: response('discarded', [], { discard_reason: 'Too far' }) }
        : undefined,
    );
    renderItem(response('interview', ['offer', 'discard']), 'employer');
    fireEvent.click(screen.getByTestId('response-open'));
    fireEvent.click(screen.getByTestId('action-discard'));
    fireEvent.change(await screen.findByLabelText('Reason (optional; the candidate will see it)'), {
      target: { value: 'Too far' },
    });
    fireEvent.click(screen.getByTestId('discard-confirm'));
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/responses/31/discard')?.body).toEqual({
        reason: 'Too far',
      }),
    );
  }, 15_000);

  it("shows the applicant the employer's reason and when reapplying becomes possible", () => {
    mockFetch(() => undefined);
    renderItem(
      response('discarded', [], {
        discard_reason: 'We chose another candidate',
        reapply_at: '2026-03-10T12:00:00Z',
      }),
      'applicant',
    );
    expect(screen.getByTestId('discard-reason')).toHaveTextContent('We chose another candidate');
    expect(screen.getByTestId('reapply-at')).toHaveTextContent('You can apply again from Mar 10, 2026');
    expect(screen.queryByTestId('action-reapply')).not.toBeInTheDocument();
  });

  it('offers the applicant to apply again when the rule allows it', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/responses/31/reapply'
        ? { status: 200, body: response('response', ['withdraw']) }
        : undefined,
    );
    renderItem(response('withdrawn', ['reapply'], { reapply_at: '2026-01-03T00:00:00Z' }), 'applicant');
    expect(screen.queryByTestId('reapply-at')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('action-reapply'));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/responses/31/reapply')).toBe(true),
    );
  });
});
