import type { ScoreBreakdown, ScorePart } from '#shared/schemas/leads.ts';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function number(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function readPart(value: unknown): ScorePart | null {
  if (!value || typeof value !== 'object') return null;
  const part = value as Record<string, unknown>;
  const label = text(part.label) ?? text(part.name) ?? text(part.key);
  const points = number(part.points);
  if (!label || points === null) return null;
  return {
    label,
    points,
    max: number(part.max) ?? number(part.maxPoints) ?? points,
    reason: text(part.reason) ?? text(part.explanation) ?? '',
  };
}

/**
 * The score breakdown as stored on a lead (JSON written by the scoring code, possibly by an
 * older version of it): the parts that can be read, or null when nothing can. A part needs a
 * label and its points; the total is what the parts add up to unless the record says otherwise.
 */
export function readScoreBreakdown(stored: unknown): ScoreBreakdown | null {
  if (!stored || typeof stored !== 'object') return null;
  const record = stored as Record<string, unknown>;
  const rawParts = Array.isArray(stored) ? stored : Array.isArray(record.parts) ? record.parts : null;
  if (!rawParts) return null;
  const parts = rawParts.map(readPart).filter((part): part is ScorePart => part !== null);
  if (parts.length === 0) return null;
  const sum = (pick: (part: ScorePart) => number) => parts.reduce((total, part) => total + pick(part), 0);
  return {
    total: Array.isArray(stored) ? sum((p) => p.points) : (number(record.total) ?? sum((p) => p.points)),
    max: Array.isArray(stored) ? sum((p) => p.max) : (number(record.max) ?? sum((p) => p.max)),
    parts,
  };
}
