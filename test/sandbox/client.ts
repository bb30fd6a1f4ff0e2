/** A tiny JSON client for sandbox tests: one function per method, the key chosen per call. */
import type { Sandbox } from '../../src/sandbox/index.js';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export function sandboxClient(sandbox: Sandbox, key: string = sandbox.keys.readWrite) {
  const call = async <T = Record<string, unknown>>(method: string, path: string, body: unknown, withKey: string | null): Promise<Answer<T>> => {
    const headers: Record<string, string> = {};
    if (withKey !== null) headers['SVC-API-Key'] = withKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(sandbox.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T };
  };
  return {
    get: <T = Record<string, unknown>>(path: string, withKey?: string) => call<T>('GET', path, undefined, withKey ?? key),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, withKey?: string) => call<T>('POST', path, body, withKey ?? key),
    patch: <T = Record<string, unknown>>(path: string, body?: unknown, withKey?: string) => call<T>('PATCH', path, body, withKey ?? key),
    delete: <T = Record<string, unknown>>(path: string, withKey?: string) => call<T>('DELETE', path, undefined, withKey ?? key),
    /** A call without any key header. */
    anonymous: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => call<T>(method, path, body, null),
  };
}

/** The envelope's code of an error answer. */
export function errorCode(answer: Answer): string | undefined {
  return (answer.body as { error?: { code?: string } }).error?.code;
}
