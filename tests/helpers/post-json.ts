/**
 * A JSON POST as a client off our site sends it (the chat widget, a script): no Origin, no
 * cookie. Throws, with the answer's text and the server's `lastWords` if given, unless the
 * answer is 200; returns the answer parsed.
 */
export async function postJson<T>(url: string, body: unknown, lastWords?: () => string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(`POST ${url} answered ${response.status}: ${text}${lastWords ? `\n${lastWords()}` : ''}`);
  }
  return JSON.parse(text) as T;
}
