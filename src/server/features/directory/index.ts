/**
 * The company directory: a company's public identity and listings as the chat, the viewing pages
 * and the public pages read them, cached per process and emptied on `company.changed`.
 */
export {
  type ChatProperty,
  type CompanyDirectory,
  companyNotFound,
  findCompanyDirectory,
  findProperty,
  type ListingExtras,
  loadDirectoryById,
  registerDirectory,
  requireDirectory,
  toChatProperty,
  toPublicProperty,
} from './directory.ts';
