/**
 * A chat link's `?src=`: where the link was posted (rightmove, website, facebook, …). Lower-case
 * letters, digits and dashes, up to 30 characters. Plain code without zod: the public chat
 * page reads it and carries no schema library.
 */
export const CHAT_SOURCE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,28}[a-z0-9])?$/;

/** The `?src=` of a page address, lower-cased, or null when it is missing or not a valid slug. */
export function readChatSource(value: string | null | undefined): string | null {
  const source = value?.trim().toLowerCase();
  return source && CHAT_SOURCE_PATTERN.test(source) ? source : null;
}

/** Suggested sources for links the agent copies; any slug works. */
export const SUGGESTED_SOURCES = ['rightmove', 'zoopla', 'onthemarket', 'website', 'facebook'] as const;

/** Names for the common sources; any other slug is shown as it is. */
const SOURCE_NAMES: Record<string, string> = {
  rightmove: 'Rightmove',
  zoopla: 'Zoopla',
  onthemarket: 'OnTheMarket',
  website: 'Website',
  facebook: 'Facebook',
  email: 'Email',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

/** A source as people read it: "Rightmove", "Direct (no source)", or the slug itself. */
export function sourceLabel(source: string | null): string {
  if (source === null) return 'Direct (no source)';
  return SOURCE_NAMES[source] ?? source;
}
