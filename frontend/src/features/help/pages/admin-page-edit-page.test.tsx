import { fireEvent, screen } from '@testing-library/react';

import AdminPageEditPage from '@/features/help/pages/admin-page-edit-page';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';

function pageAt(version: number, title: string) {
  return {
    code: 'tariffs',
    lang: 'en',
    title,
    body: `# ${title}`,
    body_html: `<h1>${title}</h1>`,
    version,
    versions: [{ version, title, author: null, created_at: '2026-11-20T10:00:00Z' }],
  };
}

describe('admin/pages/{code}/{lang}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves with the version it edited; a 409 says someone saved a newer one, and reload shows it', async () => {
    let current = pageAt(3, 'Tariffs');
    const { requests } = mockFetch((request) => {
      if (request.path === '/api/admin/pages/tariffs/en' && request.method === 'GET')
        return { status: 200, body: current };
      if (request.path === '/api/admin/pages/tariffs/en' && request.method === 'PUT') {
        current = pageAt(4, 'Tariffs of someone else');
        return { status: 409, body: { code: 'help:page_changed', message: 'Changed.' } };
      }
      return undefined;
    });
    renderRoutes(
      [{ path: '/:lang/admin/pages/:code/:pageLang', element: <AdminPageEditPage /> }],
      '/en/admin/pages/tariffs/en',
    );
    const title = await screen.findByLabelText(/Title/);
    fireEvent.change(title, { target: { value: 'Tariffs 2027' } });
    fireEvent.click(screen.getByTestId('page-save'));
    expect(await screen.findByTestId('page-conflict')).toHaveTextContent(
      'Someone else saved a newer version of this page while you were editing.',
    );
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      title: 'Tariffs 2027',
      body: '# Tariffs',
      version: 3,
    });
    fireEvent.click(screen.getByTestId('page-reload'));
    expect(await screen.findByDisplayValue('Tariffs of someone else')).toBeInTheDocument();
    expect(screen.queryByTestId('page-conflict')).toBeNull();
  });
});
