import type { ApiTransport } from '@marketplace/contract';
import { getSessionToken } from './session.ts';

/**
 * An answer of the API that was not 2xx. `message` is the text to show (SPEC.md §8); `detail`
 * and `code` are the fields of the server's `{detail, code}` error body, null when the body had
 * none (ARCHITECTURE.md "Errors").
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | null;
  readonly code: string | null;

  constructor(status: number, message: string, body: { detail?: string; code?: string } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = body.detail ?? null;
    this.code = body.code ?? null;
  }
}

/** The `detail` and `code` strings of an error body, when it is JSON that has them. */
function errorFieldsOf(bodyText: string): { detail?: string; code?: string } {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body !== 'object' || body === null) return {};
    const fields: { detail?: string; code?: string } = {};
    if ('detail' in body && typeof body.detail === 'string') fields.detail = body.detail;
    if ('code' in body && typeof body.code === 'string') fields.code = body.code;
    return fields;
  } catch {
    return {};
  }
}

/**
 * Turns the body of a non-OK answer into the error message of SPEC.md §8: the JSON `detail`
 * when the body is JSON with a string `detail`, else the body text, else `HTTP {status}`.
 */
export function errorMessageFor(status: number, bodyText: string): string {
  const text = bodyText.trim();
  if (text !== '') {
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string') {
        return body.detail;
      }
    } catch {
      // Not JSON: the text itself is the message.
    }
    return text;
  }
  return `HTTP ${status}`;
}

/** What sends the API's requests: the browser's `fetch`, or the server's own (`setApiTransport`). */
let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Lets a server that renders pages answer the app's API calls itself, without a network
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): `send` gets the path below the
 * origin (`/api/...`) and the request, as `fetch` would. One server per process.
 */
export function setApiTransport(send: ApiTransport): void {
  transport = send;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a `FormData` is sent as multipart unchanged. */
  body?: unknown;
  /** Overrides the stored session token (used to check a token before it is stored). */
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * Calls the same-origin API (SPEC.md §7): `path` starts with `/api/`. Sends
 * `Authorization: Bearer <token>` when a session token is present. Resolves with the parsed
 * JSON body (or `undefined` for an empty answer).
 * @throws ApiError on a non-OK answer, with the message of {@link errorMessageFor}.
 * @throws TypeError when the network fails (from `fetch`).
 */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = request.token === undefined ? getSessionToken() : request.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }

  const response = await transport(path, {
    method: request.method ?? 'GET',
    headers,
    body,
    signal: request.signal,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, errorMessageFor(response.status, text), errorFieldsOf(text));
  }
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/**
 * The text to show for a failed call: the server's German `detail` when the failure is an
 * {@link ApiError} that carries one, else `fallback` (network failures, bodies without detail).
 */
export function errorDetailOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}
