import { vi } from 'vitest';

export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/**
 * Replaces `fetch` with `answer(method, url, body)`: the URL is parsed (path and query readable),
 * a JSON body is parsed, a returned promise delays the answer, undefined answers 404.
 */
export function stubRoutes(
  answer: (
    method: string,
    url: URL,
    body: unknown,
  ) => StubAnswer | undefined | Promise<StubAnswer | undefined>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const sent = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const result = (await answer((init?.method ?? 'GET').toUpperCase(), url, sent)) ?? {
      status: 404,
      body: { detail: 'Nicht gefunden' },
    };
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status: result.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls of `fetchMock` as `METHOD /path?query`. */
export function calls(fetchMock: ReturnType<typeof stubRoutes>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`;
  });
}
