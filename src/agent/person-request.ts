import { normalise } from './text.ts';

/*
 * A request to speak to a person of the agency, in any phrasing: "can I speak to someone?",
 * "real human pls", "put me through to an agent", "i dont want to talk to a bot", typos
 * included. The assistant says a person will get in touch and carries on; the lead carries
 * `personRequested` (DESIGN 16, UK GDPR Art. 22A-22D). "Are you a real person?" asks what the
 * assistant is, and "is the agent's fee included?" asks about a fee: neither asks for a person.
 */

const TO = String.raw`(?:to|too|2|with|wiv|wth|w\/)`;
const SPEAK = String.raw`(?:speak|speek|spek|spk|speack|spaek|talk|tlk|tak|tawk|tlak|chat|chatt|converse|deal)`;
/** Someone, in the ways tenants type it. */
const SOMEONE = String.raw`(?:some ?(?:one|1|body|bdy)|sombody|somebdy|somone|someon|smone|sum ?(?:1|one)|any ?(?:one|1|body)|annyone)`;
/** A person, as opposed to the assistant. */
const HUMAN = String.raw`(?:hum[ae]?n(?: being)?s?|humna|hooman|huamn|persons?|persn|perosn|peson|prson|people|ppl)`;
const STAFF = String.raw`(?:(?:letting |lettings |estate |live |real )?agents?|(?:member|memeber) of (?:the )?(?:staff|team)|staff(?: member)?|team(?: member)?|manager|operator|advis[eo]r|negotiator|rep|representative|customer service(?:s| team)?)`;
const REAL = String.raw`(?:real|actual|live|proper|genuine|physical|reel)`;
/** "a real human", "someone real", "one of your team", "the manager". */
const PERSON = String.raw`(?:(?:a|an|the|some|your|ur|one of (?:the|your|ur)|1 of (?:the|your|ur))\s+)?(?:${REAL}\s+)?(?:${HUMAN}|${SOMEONE}(?:\s+${REAL})?|${STAFF}|one of you|${REAL} one)`;
/** A person strongly meant: a human, or someone real, never just "someone". */
const STRONG_PERSON = String.raw`(?:(?:a|an|the|some)\s+)?(?:(?:${REAL}\s+)(?:${HUMAN}|agent|one|${SOMEONE})|${HUMAN}|${SOMEONE}\s+${REAL}|(?:member|memeber) of (?:the )?(?:staff|team)|staff member|team member|operator|live agent)`;
/** "someone at work", "the team at my office": a person of the tenant's own life. */
const NOT_THE_AGENCY = String.raw`(?!\s+(?:at|from|in)\s+(?:work|my|our|his|her|the bank|the office|uni|college|school)\b)`;
const BOT = String.raw`(?:a |an |the |this |your |ur )?(?:bot|robot|chat ?bot|machine|ai|a\.i\.|computer|automated (?:system|assistant|thing)|assistant)`;

const REQUESTS: readonly RegExp[] = [
  // "can I speak to someone?", "i want to talk to a human", "chat with a member of staff"
  new RegExp(String.raw`\b${SPEAK}\s+${TO}\s+${PERSON}\b${NOT_THE_AGENCY}`, 'i'),
  // "put me through to an agent", "transfer me to a real person", "connect me with someone"
  new RegExp(
    String.raw`\b(?:put|transfer|connect|pass|hand|forward|redirect|send)\s+(?:me|us|this(?: chat)?)\s+(?:through |over |on |across )?${TO}\s+${PERSON}\b`,
    'i',
  ),
  // "get me a human", "can I have a real person", "i need a human", "id prefer a real person"
  new RegExp(
    String.raw`\b(?:get|give|find)\s+me\s+${STRONG_PERSON}\b|\b(?:have|want|need|prefer|like|wanna|rather(?: have)?)\s+${STRONG_PERSON}\b`,
    'i',
  ),
  // "is there a human I can talk to?", "have you got someone I could speak with?"
  new RegExp(
    String.raw`\b(?:is there|are there|have you got|do you have|got)\s+${PERSON}\b[^.?!]{0,25}?\b(?:i|we)\s+(?:can|could|may)\s+${SPEAK}\b`,
    'i',
  ),
  // "is there a real person there?", "any humans there?"
  new RegExp(
    String.raw`\b(?:is there|are there|any)\s+(?:a |an |any )?(?:${REAL}\s+${HUMAN}|humans?|hum[ae]n)\s+(?:there|available|around|about|i can|to)\b`,
    'i',
  ),
  // "can a person get back to me?", "have someone from the team get in touch" ("can someone call
  // me?" is a call back asked for, answered as one)
  new RegExp(
    String.raw`\b(?:can|could|would|will|please|pls|plz|have|get)\s+${PERSON}(?:\s+(?:from|at)\s+[a-z' ]{1,30}?)?\s+(?:contact|email|message|get (?:back )?(?:to|in touch with)|reach out to)\s+(?:me|us)\b`,
    'i',
  ),
  // "i dont want to talk to a bot", "no bots please", "not an ai, a person"
  new RegExp(
    String.raw`\b(?:don'?t|dont|do not|didn'?t|not)\s+(?:want|wanna|like)\s+(?:to\s+)?(?:${SPEAK}\s+${TO}\s+)?${BOT}\b|\b(?:stop|enough|no more|instead of|rather than|not)\s+(?:talking to |speaking to |chatting (?:to|with) )?${BOT}\b[^?]{0,30}\b(?:${HUMAN}|${SOMEONE}|agent)\b`,
    'i',
  ),
];

/** A whole message that is only the request: "human please", "real person pls", "agent!!". */
const BARE_REQUEST = new RegExp(
  String.raw`^(?:(?:hi|hello|hey|ok|please|pls|plz|can i get|can i have|could i have|i want|i need|i'?d like|id like|want|need|get me|give me)[\s,]+)*(?:a |an )?(?:${REAL}\s+(?:${HUMAN}|agent|one)|humans?|hum[ae]n|hooman|operator|live agent|${SOMEONE}\s+${REAL}|(?:a )?person)(?:[\s,]+(?:please|pls|plz|now|asap))*[\s.!?]*$`,
  'i',
);

/** The message asks to speak to a person of the agency. */
export function isPersonRequest(message: string): boolean {
  // Long pastes are read only so far, as the parsers read them.
  const text = normalise(message).toLowerCase().slice(0, 1000);
  if (!text) return false;
  return BARE_REQUEST.test(text) || REQUESTS.some((re) => re.test(text));
}

/** What the assistant says: a person will get in touch, and the chat may carry on or stop. */
export function personRequestAnswer(companyName: string): string {
  return `Of course: a person at ${companyName} will get in touch with you. Meanwhile I'll carry on with a few quick questions so they have what they need (feel free to stop at any time).`;
}
