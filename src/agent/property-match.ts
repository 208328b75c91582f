import { parseRent } from '#shared/rent.ts';
import { isPlaceName, spelledOut } from './place-names.ts';
import { soughtTopicWords } from './questions.ts';
import { RENT_CAP } from './reading.ts';
import { isOneSlip } from './spelling.ts';
import { words } from './text.ts';
import type { AgentProperty } from './types.ts';

/** Words that say nothing about which listing is meant. */
const IGNORED = new Set(
  `the a an in on at of one please pls plz thanks flat house home property place apartment
  interested looking at about for i'm im i me we my our it is that this then there one's ones saw
  seen see advert listing link and or with near by`.split(/\s+/),
);

/**
 * Words of many addresses: they name a listing only beside its own neighbour ("Mill Street",
 * "Maple Court"), never on their own ("the flat on Baker Street" names no listing on a Mill Street).
 */
const STREET_WORDS = new Set(
  'street road avenue lane terrace court close drive way crescent square gardens grove mews row walk hill parade'.split(
    ' ',
  ),
);

const POSTCODE = /\b([a-z]{1,2}\d[a-z\d]?)\s*(\d[a-z]{2})\b/gi;

const DISTRICT = /(?<![\w£])([a-z]{1,2}\d[a-z\d]?)(?![\w@.])/gi;

/**
 * Sums in a message that may be a listing's price: "£895", "the 1250 one", "1.1k", "£1,950pcm",
 * "225 a week". Bare numbers count only with three to five digits or a "k".
 */
function pricesIn(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(/(£\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k\b)?/gi)) {
    let value = Number(m[2].replace(/,/g, ''));
    if (m[3]) value *= 1000;
    const isPriceShaped = Boolean(m[1] || m[3]) || /^\d{3,5}$/.test(m[2].replace(/,/g, ''));
    if (isPriceShaped && value >= 100) found.push(Math.round(value));
  }
  return found;
}

/** A listing's price as tenants may quote it: as listed, and by the month when listed weekly. */
function listedPrices(property: AgentProperty): number[] {
  const listed = /(\d{1,3}(?:,\d{3})+|\d+)/.exec(property.rentalPrice ?? '')?.[1].replace(/,/g, '');
  if (!listed) return [];
  const monthly = parseRent(property.rentalPrice);
  return [Number(listed), ...(monthly ? [Math.round(monthly.monthly)] : [])];
}

type Keyed = {
  property: AgentProperty;
  tokens: Set<string>;
  postcodes: Set<string>;
  /** Its name and address as words, between spaces: " garden flat oakfield avenue … ". */
  phrase: string;
};

/**
 * Each listing's words, read once while the same listings are chatted about: kept by what they are
 * read from, as the server reads the listings afresh each turn.
 */
const KEYED = new Map<string, Omit<Keyed, 'property'>>();
const MAX_KEYED = 2000;

function keyTokens(property: AgentProperty): Keyed {
  const key = `${property.bedrooms === 0 ? 'studio' : ''}\n${property.name}\n${property.address}`;
  let read = KEYED.get(key);
  if (!read) {
    read = readKeyTokens(property);
    if (KEYED.size >= MAX_KEYED) KEYED.clear();
    KEYED.set(key, read);
  }
  return { property, ...read };
}

function readKeyTokens(property: AgentProperty): Omit<Keyed, 'property'> {
  const text = `${property.name} ${property.address}`;
  const phrase = ` ${spelledOut(text).join(' ')} `;
  const tokens = new Set(words(text).filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !IGNORED.has(w)));
  if (property.bedrooms === 0) tokens.add('studio');
  const postcodes = new Set<string>();
  for (const m of text.matchAll(POSTCODE)) {
    postcodes.add(`${m[1]}${m[2]}`.toLowerCase());
    postcodes.add(m[1].toLowerCase());
  }
  return { tokens, postcodes, phrase };
}

function messageTokens(text: string): string[] {
  return spelledOut(text).filter((w) => w.length >= 3 && !IGNORED.has(w) && !/^\d+$/.test(w));
}

/**
 * Whether a word the tenant asks about or wants ("garden" in "is there a garden?") names this
 * listing: only beside a word it has next to it in its name or address ("is the garden flat still
 * available?").
 */
function isNamedBeside(word: string, said: readonly string[], keyed: Keyed): boolean {
  const isPair = (i: number) => keyed.phrase.includes(` ${said[i]} ${said[i + 1]} `);
  return said.some((w, i) => {
    if (w !== word || !((i > 0 && isPair(i - 1)) || (i < said.length - 1 && isPair(i)))) return false;
    // "is it a ground floor flat?": after "a", the words say what kind of home, not which.
    let start = i;
    while (start > 0 && isPair(start - 1)) start--;
    return start === 0 || !/^an?$/.test(said[start - 1]);
  });
}

/**
 * Whether two words are the same allowing one slip of the finger in longer words, after a first
 * letter typed right: "around" is no slip of "ground".
 */
function isSameWord(a: string, b: string): boolean {
  if (a === b) return true;
  return a.length >= 6 && b.length >= 6 && a[0] === b[0] && isOneSlip(a, b);
}

/** The one listing a message is nothing but the name or address of, if any. */
export function listingNamedAlone(text: string, properties: readonly AgentProperty[]): AgentProperty | null {
  const named = properties.filter((p) => isPlaceName(text, [p.name, p.address]));
  return named.length === 1 ? named[0] : null;
}

export type PropertyMatch =
  | { kind: 'one'; property: AgentProperty }
  | { kind: 'several'; properties: AgentProperty[] }
  | { kind: 'none' };

/**
 * Finds the listing a tenant means by its name, street, town or postcode ("the one on Elm Road",
 * "LS6 3BQ", "the 3 bed in Bristol", "the £895 one"). Each word counts by how rare it is among the listings, so a
 * town shared by every listing decides nothing.
 */
export function matchProperty(text: string, properties: AgentProperty[]): PropertyMatch {
  if (properties.length === 0) return { kind: 'none' };
  const lower = text.toLowerCase();
  // The whole name typed or tapped as a quick reply.
  const byName = properties.filter((p) => lower.includes(p.name.toLowerCase()));
  if (byName.length === 1) return { kind: 'one', property: byName[0] };

  const keyed = properties.map(keyTokens);
  const tokens = messageTokens(text);
  // "is there a garden?" asks about a garden, and "somewhere with a garden" wants one: neither names
  // a "Garden Flat" on its own. Read only when a word of the message is in a listing's name or address.
  let sought: Set<string> | null = null;
  const said = spelledOut(text);
  const isSought = (token: string) => {
    sought ??= soughtTopicWords(text);
    return sought.has(token);
  };
  const postcodes = [...text.matchAll(POSTCODE)].flatMap((m) => [
    `${m[1]}${m[2]}`.toLowerCase(),
    m[1].toLowerCase(),
  ]);
  const bedroomMention = /\b(\d+)\s*-?\s*(?:bed|beds|bedroom|bedrooms|bedroomed|b\/r)\b/i.exec(text);
  const bedrooms = bedroomMention ? Number(bedroomMention[1]) : null;
  // "the £895 one": a price names the listing advertised at it.
  // A lone postcode district ("the E8 one", "something in m1") names the listings in it.
  for (const m of text.matchAll(DISTRICT)) {
    const district = m[1].toLowerCase();
    if (!postcodes.includes(district) && keyed.some((k) => k.postcodes.has(district)))
      postcodes.push(district);
  }
  // "anything under £1,250": a most the tenant can pay names no listing advertised at it.
  const prices = pricesIn(text.replace(new RegExp(RENT_CAP.source, 'gi'), ' '));

  // The listings holding each word of the message: a word shared by many says little.
  const holdersOf = tokens.map((token) =>
    keyed.filter((other) => other.tokens.has(token) || [...other.tokens].some((t) => isSameWord(t, token))),
  );
  const scores = keyed.map((k) => {
    let score = 0;
    tokens.forEach((token, i) => {
      const holders = holdersOf[i];
      const isBare = STREET_WORDS.has(token) || isSought(token);
      if (holders.includes(k) && (!isBare || isNamedBeside(token, said, k))) score += 1 / holders.length;
    });
    for (const postcode of postcodes) {
      if (k.postcodes.has(postcode)) score += postcode.length > 4 ? 2 : 1;
    }
    if (bedrooms !== null && k.property.bedrooms === bedrooms) score += 0.5;
    if (prices.some((price) => listedPrices(k.property).includes(price))) score += 1;
    return score;
  });
  const best = Math.max(...scores);
  if (best < 1) return { kind: 'none' };
  const top = keyed.filter((_, i) => scores[i] === best).map((k) => k.property);
  return top.length === 1 ? { kind: 'one', property: top[0] } : { kind: 'several', properties: top };
}
