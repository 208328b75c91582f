import { LEAD_ORDER, slotDisplay } from '#agent/slots/index.ts';
import type { Lead } from '#server/db/schema.ts';
import { sourceLabel } from '#shared/chat-source.ts';
import { londonParts } from '#shared/format.ts';
import { LEAD_STATUS_LABELS } from '#shared/schemas/leads.ts';
import { VIEWING_STATUS_LABELS, type ViewingStatus } from '#shared/schemas/viewings.ts';
import { readScoreBreakdown } from './score-breakdown.ts';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula:
 * a tenant could type `=HYPERLINK(…)` as their name. A leading apostrophe makes it plain text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** yyyy-mm-dd hh:mm on London time: every spreadsheet reads it as a date and time. */
function spreadsheetDateTime(date: Date): string {
  const parts = londonParts(date);
  if (!parts) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

function scoreSummary(stored: unknown): string {
  const breakdown = readScoreBreakdown(stored);
  if (!breakdown) return '';
  return breakdown.parts.map((part) => `${part.label} ${part.points}/${part.max}`).join('; ');
}

/** A lead as the export reads it: its row, its latest viewing and the name of its assignee. */
export type CsvLead = Lead & {
  viewingAt: Date | null;
  viewingStatus: ViewingStatus | null;
  assigneeName: string | null;
};

type CsvColumn = { header: string; value: (lead: CsvLead) => string | number | null };

/** The leads table's columns in its order, the score's parts, then the pipeline and the viewing. */
const columns: CsvColumn[] = [
  { header: 'Date/Time', value: (lead) => spreadsheetDateTime(lead.createdAt) },
  // The answers, in the leads table's order, under the headers the slots give them.
  ...LEAD_ORDER.flatMap((slot) => slotDisplay(slot).csv),
  {
    header: 'Rating',
    value: (lead) => (lead.rating && /^\d+$/.test(lead.rating) ? Number(lead.rating) : lead.rating),
  },
  { header: 'Score breakdown', value: (lead) => scoreSummary(lead.scoreBreakdown) },
  // The tenant asked to speak to a person (DESIGN 16).
  { header: 'Person requested', value: (lead) => (lead.personRequested ? 'Yes' : 'No') },
  // The pipeline's columns come after the spec's, so that a spreadsheet reading those by
  // position still finds them.
  { header: 'Status', value: (lead) => LEAD_STATUS_LABELS[lead.status] },
  { header: 'Lost reason', value: (lead) => lead.lostReason },
  { header: 'Viewing', value: (lead) => (lead.viewingAt ? spreadsheetDateTime(lead.viewingAt) : null) },
  {
    header: 'Viewing status',
    value: (lead) => (lead.viewingStatus ? VIEWING_STATUS_LABELS[lead.viewingStatus] : null),
  },
  { header: 'Assignee', value: (lead) => lead.assigneeName },
  // Last, so that every column before it keeps its place: "WhatsApp", "SMS", "Rightmove", …
  { header: 'Source', value: (lead) => sourceLabel(lead.source) },
];

/**
 * The leads as a CSV file that opens in Excel, Numbers and Google Sheets: UTF-8 with a byte
 * order mark (so that £ survives Excel), CRLF line ends.
 */
export function leadsToCsv(leads: CsvLead[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')];
  for (const lead of leads) lines.push(columns.map((column) => csvCell(column.value(lead))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
