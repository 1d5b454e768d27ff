export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => { status: number; body?: unknown } | undefined;

// Stubs global fetch: each call is recorded and answered by the first handler that returns an answer
// (404 otherwise).
export function mockFetch(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(recorded);
    const answer = handler(recorded) ?? { status: 404, body: { code: 'NotFound', message: 'Not found.' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export const kGuestInfo = { unread_msg: [], impersonated: false };
