/** Emailed links carry their token in the fragment (`#token=…`), which never reaches a server log. */
export function tokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return token?.trim() ? token : null;
}
