/**
 * An SMS reply as the tenant reads it: quick replies as numbered lines ("1) Sat 7 Mar, 10:30")
 * and "Reply 1, 2 or 3"; the whole kept within three segments where it can be.
 */

// GSM 03.38's basic set and its extension table (each extension character costs two).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€';
const GSM = new Set([...GSM_BASIC, ...GSM_EXTENDED]);

/** Typography a phone would send as UCS-2 (70 characters a segment), in its GSM form. */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2022': '-',
};

export function plainSms(text: string): string {
  return text.replace(/[\u2018\u2019\u201C\u201D\u2013\u2014\u2026\u00A0\u2022]/g, (c) => PLAIN[c] ?? c);
}

export function isGsm(text: string): boolean {
  for (const c of text) if (!GSM.has(c)) return false;
  return true;
}

/** How many segments the text is sent as (GSM-7: 160, then 153 each; UCS-2: 70, then 67). */
export function smsSegments(text: string): number {
  if (isGsm(text)) {
    let units = 0;
    for (const c of text) units += GSM_EXTENDED.includes(c) ? 2 : 1;
    return units <= 160 ? 1 : Math.ceil(units / 153);
  }
  const units = [...text].reduce((n, c) => n + (c.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

export const MAX_SMS_SEGMENTS = 3;

/** "Reply 1, 2 or 3". */
export function replyPrompt(count: number): string {
  if (count === 1) return 'Reply 1';
  const numbers = Array.from({ length: count }, (_, i) => String(i + 1));
  return `Reply ${numbers.slice(0, -1).join(', ')} or ${numbers.at(-1)}`;
}

/** The SMS for a reply and its quick replies, shortened to three segments where it can be. */
export function composeSms(body: string, options: string[]): string {
  const list =
    options.length > 0
      ? `\n\n${options.map((o, i) => `${i + 1}) ${o}`).join('\n')}\n${replyPrompt(options.length)}`
      : '';
  const text = plainSms(body.trim());
  const tail = plainSms(list);
  if (smsSegments(text + tail) <= MAX_SMS_SEGMENTS) return text + tail;
  // Drop whole sentences before the last (the question the tenant answers stays, as do the
  // options and any summary lines the tenant is asked to confirm); else it goes out whole.
  const pieces = text.match(/[^.!?\n]+[.!?]*\s*|\n+/g) ?? [text];
  for (let i = pieces.length - 2; i >= 1; i -= 1) {
    const piece = pieces[i]!;
    if (!piece.trim() || /^\s*[-•*]/.test(piece)) continue;
    pieces.splice(i, 1);
    const shorter = pieces.join('').replace(/\s+\n/g, '\n').trim();
    if (smsSegments(shorter + tail) <= MAX_SMS_SEGMENTS) return shorter + tail;
  }
  return text + tail;
}

/** "2" (or "2)", "2.", "option 2") picks the second of the options last sent; else null. */
export function pickNumberedOption(text: string, options: string[]): string | null {
  const match = /^\s*(?:option\s*)?(\d{1,2})\s*[.)]?\s*$/i.exec(text);
  if (!match) return null;
  const index = Number(match[1]) - 1;
  return options[index] ?? null;
}
