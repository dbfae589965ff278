import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_TOKEN } from '../test/fixtures.ts';
import { ApiError, apiFetch, errorMessageFor } from './api.ts';
import { TOKEN_STORAGE_KEY } from './session.ts';

function answer(status: number, body: string, contentType = 'application/json') {
  return vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } }));
}

describe('API error messages (SPEC.md §8)', () => {
  it('uses the JSON detail when present', () => {
    expect(
      errorMessageFor(400, JSON.stringify({ detail: 'Listing is already in favorites', code: 'x' })),
    ).toBe('Listing is already in favorites');
  });

  it('uses the response text otherwise', () => {
    expect(errorMessageFor(502, 'Bad Gateway')).toBe('Bad Gateway');
    expect(errorMessageFor(500, JSON.stringify({ error: 'boom' }))).toBe('{"error":"boom"}');
  });

  it("falls back to 'HTTP {status}' for an empty body", () => {
    expect(errorMessageFor(503, '')).toBe('HTTP 503');
    expect(errorMessageFor(404, '  ')).toBe('HTTP 404');
  });
});

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls the same-origin path and returns the JSON body', async () => {
    const fetchMock = answer(200, JSON.stringify({ status: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/health')).resolves.toEqual({ status: 'ok' });
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.objectContaining({ method: 'GET' }));
  });

  it('sends the stored token as bearer, and none when logged out', async () => {
    const fetchMock = answer(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/favorites');
    const first = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(first[1].headers).get('Authorization')).toBeNull();

    window.localStorage.setItem(TOKEN_STORAGE_KEY, TEST_TOKEN);
    await apiFetch('/api/favorites');
    const second = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(second[1].headers).get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('sends a JSON body', async () => {
    const fetchMock = answer(201, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/stories/1/reply', { method: 'POST', body: { text: 'Hallo' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"text":"Hallo"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws an ApiError with status and message on non-OK answers', async () => {
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ detail: 'Nicht angemeldet' })));
    const error = await apiFetch('/api/me').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Nicht angemeldet');

    vi.stubGlobal('fetch', answer(500, '', 'text/plain'));
    await expect(apiFetch('/api/me')).rejects.toThrow('HTTP 500');
  });
});
