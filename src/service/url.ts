/** Building request URLs: the service root, path patterns with encoded segments, query strings. */

/** A query value: arrays are sent comma-separated (spec 4.6); undefined keys are left out. */
export type QueryValue = string | number | boolean | readonly string[] | undefined;

/** Any object whose values are query values; interfaces such as `ListTicketsQuery` fit. */
export type QueryOf<Q> = { [K in keyof Q]: QueryValue };

/**
 * The service root without a trailing slash or a trailing `/v1`, so paths can always start `/v1/`.
 * Accepts `http://host:1234`, `http://host:1234/`, `http://host:1234/v1` and `http://host/prefix/v1/`.
 */
export function normaliseBaseUrl(baseUrl: string): { origin: string; root: string } {
  const url = new URL(baseUrl);
  const pathname = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { origin: url.origin, root: url.origin + pathname };
}

/**
 * Fills `{name}` segments of a pattern with URL-encoded parameter values. A missing or empty value,
 * `.` or `..` is refused (RangeError): URL parsing would drop or resolve it and the request would
 * reach another endpoint (`/tickets/` is the list, `/tickets/..` the project).
 */
export function expandPath(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '' || value === '.' || value === '..') {
      throw new RangeError(`path parameter "${name}" must be a non-empty id, got ${JSON.stringify(value)}`);
    }
    return encodeURIComponent(value);
  });
}

/** `?a=1&status=triage,todo`, or an empty string when nothing is set. Each value is URL-encoded. */
export function encodeQuery<Q extends QueryOf<Q>>(query?: Q): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries<QueryValue>(query ?? {})) {
    if (value === undefined) continue;
    const encoded =
      typeof value === 'object' ? value.map((v) => encodeURIComponent(v)).join(',') : encodeURIComponent(String(value));
    parts.push(`${encodeURIComponent(key)}=${encoded}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}
