import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import ResumeFormPage from '@/features/resumes/pages/resume-form-page';
import { kCatalog } from '@/test/catalog';
import { mockFetch, type RecordedRequest } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

const kRoutes = [
  { path: '/:lang/resume/create', element: <ResumeFormPage /> },
  { path: '/:lang/resume/:id', element: <p>resume page</p> },
];

async function chooseCategory(name: string) {
  fireEvent.click(
    document.querySelector('#resume-category')!.closest('.p-dropdown')!.querySelector('.p-dropdown-trigger')!,
  );
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

function entries() {
  return screen.getAllByTestId('experience-entry');
}

function fillJob(entry: HTMLElement, company: string, position: string, start: string, end: string | null) {
  const box = within(entry);
  fireEvent.change(box.getByLabelText('Company'), { target: { value: company } });
  fireEvent.change(box.getByLabelText('Position'), { target: { value: position } });
  fireEvent.change(box.getByLabelText('From'), { target: { value: start } });
  if (end === null) fireEvent.click(box.getByLabelText('I work here now'));
  else fireEvent.change(box.getByLabelText('To'), { target: { value: end } });
}

function created(requests: RecordedRequest[]) {
  return requests.find((request) => request.method === 'POST' && request.path === '/api/resumes')?.body as
    Record<string, unknown> | undefined;
}

describe('resume form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds, reorders and removes work experience entries and sends them in the shown order', async () => {
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/resumes' && request.method === 'POST')
        return { status: 201, body: { id: 42 } };
      return undefined;
    });
    renderRoutes(kRoutes, '/en/resume/create');
    fireEvent.change(await screen.findByLabelText('Position', { selector: '#resume-position' }), {
      target: { value: 'Frontend developer' },
    });
    await chooseCategory('Development');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '150,000' } });
    const add = screen.getByRole('button', { name: 'Add a job' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    fillJob(entries()[0]!, 'Old Co', 'Junior', '2015-01', '2018-06');
    fillJob(entries()[1]!, 'Now Co', 'Lead', '2021-03', null);
    fillJob(entries()[2]!, 'Gone Co', 'Intern', '2014-01', '2014-06');
    // The current job first, the intern job removed.
    fireEvent.click(within(entries()[1]!).getByRole('button', { name: 'Move up' }));
    fireEvent.click(within(entries()[2]!).getByRole('button', { name: 'Remove' }));
    expect(entries()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('resume page');
    expect(created(requests)).toMatchObject({
      position: 'Frontend developer',
      category_id: 1,
      salary: { amount: 15000000, currency: 'RUB' },
      publish: true,
      visibility: 'public',
      experience: [
        { company: 'Now Co', position: 'Lead', start: '2021-03', end: null },
        { company: 'Old Co', position: 'Junior', start: '2015-01', end: '2018-06' },
      ],
    });
  }, 60_000);

  it('checks the required fields and the entries before sending anything', async () => {
    const { requests } = mockFetch((request) =>
      request.path === '/api/catalog' ? { status: 200, body: kCatalog } : undefined,
    );
    renderRoutes(kRoutes, '/en/resume/create');
    fireEvent.change(await screen.findByLabelText('Position', { selector: '#resume-position' }), {
      target: { value: 'X' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a job' }));
    fillJob(entries()[0]!, '', 'Lead', '2020-05', '2019-01');
    fireEvent.click(screen.getByTestId('save-draft'));
    expect(await screen.findByText('At least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Choose a category', { selector: '.field-error' })).toBeInTheDocument();
    expect(screen.getByText('Enter the company')).toBeInTheDocument();
    expect(screen.getByText('The end is before the start')).toBeInTheDocument();
    expect(created(requests)).toBeUndefined();
  }, 15_000);

  it("shows the server's errors under their fields, an entry's under that entry, until edited", async () => {
    mockFetch((request) => {
      if (request.path === '/api/catalog') return { status: 200, body: kCatalog };
      if (request.path === '/api/resumes' && request.method === 'POST') {
        return {
          status: 422,
          body: {
            code: 'ValidationFailed',
            message: 'Please correct the highlighted fields.',
            errors: {
              position: ['The position is taken by a robot.'],
              'experience.0.description': ['Too long for us.'],
            },
          },
        };
      }
      return undefined;
    });
    renderRoutes(kRoutes, '/en/resume/create');
    fireEvent.change(await screen.findByLabelText('Position', { selector: '#resume-position' }), {
      target: { value: 'Designer' },
    });
    await chooseCategory('Design');
    fireEvent.click(screen.getByRole('button', { name: 'Add a job' }));
    fillJob(entries()[0]!, 'Studio', 'Designer', '2019-01', null);
    fireEvent.click(screen.getByTestId('save-draft'));
    const entryError = await within(entries()[0]!).findByText('Too long for us.');
    expect(entryError).toBeInTheDocument();
    expect(screen.getByText('The position is taken by a robot.')).toBeInTheDocument();
    fireEvent.change(within(entries()[0]!).getByLabelText('Duties and achievements'), {
      target: { value: 'Short.' },
    });
    await waitFor(() => expect(screen.queryByText('Too long for us.')).not.toBeInTheDocument());
    expect(screen.getByText('The position is taken by a robot.')).toBeInTheDocument();
  }, 15_000);
});
