/**
 * One fetch wrapper for the whole app: same-origin JSON, the CSRF header Django expects on writes,
 * and one error type carrying the API's error shape ({"error": {"code", "message", "fields"}}).
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]>;
  /** Seconds the server asked us to wait (429/503 Retry-After), when it said. */
  retryAfter: number | null = null;

  constructor(status: number, message: string, code = '', fields: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie ? document.cookie.split(';') : []) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function statusMessage(status: number): string {
  if (status === 404) return 'Not found.';
  if (status === 410) return 'This result has expired.';
  if (status === 429) return 'Too many requests; please wait a moment and try again.';
  if (status >= 500) return 'The server had a problem; please try again shortly.';
  return `The request failed (HTTP ${status}).`;
}

function normaliseFields(raw: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (raw && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      out[key] = Array.isArray(value) ? value.map(String) : [String(value)];
    }
  }
  return out;
}

/** Build an ApiError from a failed response, whatever shape its body has. */
export async function toApiError(response: Response): Promise<ApiError> {
  const error = await parseError(response);
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  error.retryAfter = Number.isNaN(retryAfter) ? null : retryAfter;
  return error;
}

async function parseError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const err = (body as { error?: unknown } | null)?.error;
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; message?: unknown; fields?: unknown };
    return new ApiError(
      response.status,
      typeof e.message === 'string' && e.message ? e.message : statusMessage(response.status),
      typeof e.code === 'string' ? e.code : '',
      normaliseFields(e.fields),
    );
  }
  if (typeof err === 'string') return new ApiError(response.status, err);
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return new ApiError(response.status, detail);
  return new ApiError(response.status, statusMessage(response.status));
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiFetch(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (!SAFE_METHODS.has(method.toUpperCase())) {
    const token = readCookie('csrftoken');
    if (token) headers['X-CSRFToken'] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Cannot reach the MedSEBA server; check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** JSON request; resolves to the parsed body (or null for 204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return null as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Retry only what may pass on its own: network errors, 429 and 5xx (not other 4xx). */
export function shouldRetry(count: number, error: unknown, max = 4): boolean {
  if (count >= max) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** Wait what the server asked for (Retry-After), else back off exponentially up to 8 s. */
export function retryDelay(count: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfter !== null) return Math.min(error.retryAfter, 60) * 1000;
  return Math.min(500 * 2 ** count, 8000);
}
