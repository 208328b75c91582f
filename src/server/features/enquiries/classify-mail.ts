import { parsePhone } from '#agent/extract.ts';
import type { EnquirySource } from '#shared/schemas/enquiries.ts';

/**
 * What a message to a company's inbound address is, from its parsed form (mailparser did the
 * MIME; these rules read headers and the text body): a portal's lettings enquiry, a forwarded
 * enquiry, an auto-reply, a bounce, or something else to show the agent as it is.
 */

export type Mailbox = { address: string; name: string };

export type InboundMail = {
  from: Mailbox | null;
  replyTo: Mailbox | null;
  subject: string;
  /** The text part, or the HTML part as text with one table cell or paragraph a line. */
  text: string;
  headers: {
    autoSubmitted: string | null;
    precedence: string | null;
    /** e.g. multipart/report */
    contentType: string;
    /** Any of X-Autoreply, X-Autorespond, X-Auto-Response-Suppress was present. */
    hasAutoReplyHeader: boolean;
  };
};

export type EnquiryListing = {
  address: string | null;
  postcode: string | null;
  price: string | null;
  reference: string | null;
};

export type ParsedEnquiry = {
  source: EnquirySource;
  name: string | null;
  /** Lower case. */
  email: string | null;
  /** E.164 when it reads as a UK (or international) number. */
  phone: string | null;
  message: string | null;
  listing: EnquiryListing;
};

export type MailClass =
  | { kind: 'bounce' }
  | { kind: 'auto_reply' }
  | { kind: 'enquiry'; enquiry: ParsedEnquiry }
  | { kind: 'unrecognised' };

const PORTAL_DOMAINS: Record<Exclude<EnquirySource, 'email'>, RegExp> = {
  rightmove: /(^|\.)rightmove\.co\.uk$/i,
  zoopla: /(^|\.)zoopla\.co\.uk$/i,
  onthemarket: /(^|\.)onthemarket\.com$/i,
};

/** The labels each field goes by across the portals' emails (matched whole, any case). */
const LABELS = {
  name: ['name', 'full name', 'contact name', 'enquirer name', "enquirer's name", 'applicant name'],
  firstName: ['first name', 'forename'],
  lastName: ['last name', 'surname'],
  email: ['email', 'e-mail', 'email address', 'contact email', 'contact email address'],
  phone: ['telephone', 'phone', 'phone number', 'telephone number', 'contact telephone', 'mobile', 'tel'],
  message: ['message', 'their message', 'enquiry', 'comments', 'your message'],
  address: ['property', 'address', 'property address'],
  price: ['price', 'rent', 'asking rent', 'asking price'],
  reference: ['rightmove reference', 'listing id', 'listing reference', 'property id', 'property reference'],
} as const;

const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;
const EMAIL = /[A-Z0-9._%+'-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
const PRICE = /£\s?\d[\d,]*(?:\.\d{2})?\s*(?:pcm|pw|per month|per week|p\/m|pm)?/i;
const FORWARD_MARKER =
  /^(?:-{2,}\s*(?:Forwarded message|Original Message)\s*-{2,}|Begin forwarded message:)/i;

export function classifyMail(mail: InboundMail): MailClass {
  if (isBounce(mail)) return { kind: 'bounce' };
  if (isAutoReply(mail)) return { kind: 'auto_reply' };
  const lines = toLines(mail.text);
  const portal = portalOf(mail, lines);
  if (portal) {
    const enquiry = readPortalEnquiry(portal, mail, lines);
    if (enquiry) return { kind: 'enquiry', enquiry };
    return { kind: 'unrecognised' };
  }
  const forwarded = readForwardedEnquiry(mail, lines);
  return forwarded ? { kind: 'enquiry', enquiry: forwarded } : { kind: 'unrecognised' };
}

export function isBounce(mail: InboundMail): boolean {
  if (mail.headers.contentType.toLowerCase().startsWith('multipart/report')) return true;
  const local = mail.from?.address.split('@')[0]?.toLowerCase() ?? '';
  return local === 'mailer-daemon' || local === 'postmaster';
}

/** RFC 3834's Auto-Submitted (anything but "no"), Precedence bulk/junk/list, and the common X- headers. */
export function isAutoReply(mail: InboundMail): boolean {
  const autoSubmitted = mail.headers.autoSubmitted?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  const precedence = mail.headers.precedence?.trim().toLowerCase();
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') return true;
  if (mail.headers.hasAutoReplyHeader) return true;
  return /^(auto(matic)?[ -]?reply|out of (the )?office|auto:)/i.test(mail.subject.trim());
}

function domainOf(address: string): string {
  return address.split('@')[1]?.toLowerCase() ?? '';
}

function portalByAddress(address: string | undefined): Exclude<EnquirySource, 'email'> | null {
  if (!address) return null;
  const domain = domainOf(address);
  for (const [portal, pattern] of Object.entries(PORTAL_DOMAINS)) {
    if (pattern.test(domain)) return portal as Exclude<EnquirySource, 'email'>;
  }
  return null;
}

/** Sent by the portal, or forwarded from it (a "From:" line of a forwarded block names it). */
function portalOf(mail: InboundMail, lines: string[]): Exclude<EnquirySource, 'email'> | null {
  const direct = portalByAddress(mail.from?.address);
  if (direct) return direct;
  for (const line of lines) {
    const from = /^(?:>\s*)*From:\s*(.*)$/i.exec(line);
    if (!from) continue;
    const portal = portalByAddress(EMAIL.exec(from[1] ?? '')?.[0]);
    if (portal) return portal;
  }
  return null;
}

/** The text as trimmed lines, quote marks of a forwarded or replied message removed. */
export function toLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^(?:>\s?)+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

const isRule = (line: string) => /^[-=_*]{3,}$/.test(line);

/**
 * A labelled value: "Label: value" on one line, or the label alone on its line (a table cell
 * or heading in the HTML emails) and the value on the next line that has text.
 */
function labelled(lines: string[], labels: readonly string[], options: { paragraph?: boolean } = {}) {
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    for (const label of labels) {
      const lower = line.toLowerCase();
      if (!lower.startsWith(label)) continue;
      const rest = line.slice(label.length);
      const inline = /^\s*:\s*(.*)$/.exec(rest);
      if (inline?.[1]) {
        return options.paragraph ? paragraphFrom(lines, i) : inline[1].trim();
      }
      if (inline || rest.trim() === '') {
        const next = lines.slice(i + 1).findIndex((l) => l !== '' && !isRule(l));
        if (next === -1) continue;
        const at = i + 1 + next;
        return options.paragraph ? paragraphFrom(lines, at, lines[at]!) : lines[at]!.trim();
      }
    }
  }
  return null;
}

/** The value's first line and the lines after it up to the next blank line: one paragraph. */
function paragraphFrom(
  lines: string[],
  index: number,
  first = lines[index]!.replace(/^[^:]*:\s*/, ''),
): string {
  const parts = [first.trim()];
  for (let i = index + 1; i < lines.length && lines[i] !== ''; i += 1) parts.push(lines[i]!);
  return parts.join(' ').trim();
}

/** UK numbers in any common form, read as the chat reads them → E.164. */
export function normalisePhone(value: string | null | undefined): string | null {
  return value ? parsePhone(value).phone : null;
}

export function findPostcode(text: string | null | undefined): string | null {
  const match = text ? UK_POSTCODE.exec(text) : null;
  return match ? `${match[1]!.toUpperCase()} ${match[2]!.toUpperCase()}` : null;
}

function cleanEmail(value: string | null | undefined): string | null {
  const match = value ? EMAIL.exec(value) : null;
  return match ? match[0].toLowerCase() : null;
}

function clip(value: string | null, max: number): string | null {
  if (!value) return null;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

function readPortalEnquiry(
  source: Exclude<EnquirySource, 'email'>,
  mail: InboundMail,
  lines: string[],
): ParsedEnquiry | null {
  const first = labelled(lines, LABELS.firstName);
  const last = labelled(lines, LABELS.lastName);
  const replyTo = mail.replyTo && !portalByAddress(mail.replyTo.address) ? mail.replyTo : null;
  // A forwarded portal email keeps the portal's Reply-To as a line of the forwarded header.
  const forwardedReplyTo = lines
    .map((line) => /^Reply-To:\s*(.*)$/i.exec(line)?.[1])
    .find((value): value is string => Boolean(value));
  const name =
    labelled(lines, LABELS.name) ??
    ([first, last].filter(Boolean).join(' ') || null) ??
    (replyTo?.name || null);
  const email =
    cleanEmail(labelled(lines, LABELS.email)) ?? cleanEmail(replyTo?.address) ?? cleanEmail(forwardedReplyTo);
  const phone = normalisePhone(labelled(lines, LABELS.phone));
  if (!email && !phone) return null;

  const address = labelled(lines, LABELS.address);
  const priceText = labelled(lines, LABELS.price);
  const reference = labelled(lines, LABELS.reference);
  return {
    source,
    name: clip(name, 200),
    email,
    phone,
    message: clip(labelled(lines, LABELS.message, { paragraph: true }), 4000),
    listing: {
      address: clip(address, 300),
      postcode: findPostcode(address) ?? findPostcode(mail.subject),
      price: priceText ? (PRICE.exec(priceText)?.[0]?.trim() ?? clip(priceText, 50)) : null,
      reference: reference && /^[\w-]{1,40}$/.test(reference) ? reference : null,
    },
  };
}

/**
 * A forwarded email from a person (the agency forwarding a website or direct enquiry): the
 * enquirer is the forwarded block's sender, the message the block's body.
 */
function readForwardedEnquiry(mail: InboundMail, lines: string[]): ParsedEnquiry | null {
  const marker = lines.findIndex((line) => FORWARD_MARKER.test(line));
  if (marker === -1) return null;
  let i = marker + 1;
  let sender: string | null = null;
  for (; i < lines.length && lines[i] !== ''; i += 1) {
    const from = /^From:\s*(.*)$/i.exec(lines[i]!);
    if (from) sender = from[1] ?? null;
  }
  const email = cleanEmail(sender);
  if (!email || email === mail.from?.address.toLowerCase()) return null;
  const name =
    sender
      ?.replace(/<[^>]*>/, '')
      .replace(/["']/g, '')
      .trim() || null;
  const body = lines
    .slice(i)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const postcode = findPostcode(body);
  const addressLine = postcode ? addressAround(body, postcode) : null;
  return {
    source: 'email',
    name: name && !name.includes('@') ? clip(name, 200) : null,
    email,
    phone: normalisePhone(body),
    message: clip(body, 4000),
    listing: {
      address: addressLine,
      postcode,
      price: PRICE.exec(body)?.[0]?.trim() ?? null,
      reference: null,
    },
  };
}

/** "… at 27 Ecclesall Road, Sheffield S11 8HW advertised …" → "27 Ecclesall Road, Sheffield S11 8HW". */
function addressAround(body: string, postcode: string): string | null {
  const flat = body.replace(/\s+/g, ' ');
  const at = flat.toUpperCase().indexOf(postcode.split(' ')[0]!);
  if (at === -1) return null;
  const before = flat.slice(Math.max(0, at - 120), at);
  const start = /(?:[Ff]lat\s+\w+,?\s+)?\d+[a-z]?\s+[A-Z][^.!?\n]*$/.exec(before);
  return start ? `${start[0].trim()} ${postcode}`.replace(/\s+/g, ' ') : null;
}
