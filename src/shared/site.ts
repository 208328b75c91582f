/**
 * Placeholders the build writes into public files and prerendered pages; the server puts this
 * deployment's address and contact email in their place when it sends them.
 */
export const siteTokens = {
  appUrl: '__LETLEAD_APP_URL__',
  contactEmail: '__LETLEAD_CONTACT_EMAIL__',
} as const;
