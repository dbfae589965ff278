import { vi } from 'vitest';

/** An answer of the stubbed API: status (200 by default) and JSON body (none when undefined). */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** A request the app made to the stubbed API. */
export interface StubCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * For component tests: replaces `fetch` with answers keyed by `'METHOD /path'` or `'/path'`
 * (any method; the query is ignored); other paths answer 404. An answer may be a function of
 * the call. Returns the calls made, in order.
 */
export function stubRouteTable(
  routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>,
): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      let body: unknown = null;
      if (typeof init.body === 'string') body = JSON.parse(init.body);
      else if (init.body instanceof FormData) body = init.body;
      const call: StubCall = {
        method,
        path: url.pathname,
        body,
        authorization: new Headers(init.headers).get('Authorization'),
      };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
      const answer = (typeof route === 'function' ? route(call) : route) ?? {
        status: 404,
        body: { detail: 'Nicht gefunden', code: 'not_found' },
      };
      const status = answer.status ?? 200;
      const noBody = answer.body === undefined || status === 204;
      return new Response(noBody ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
