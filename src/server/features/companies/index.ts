/**
 * The agency: its profile and how it is created and shown.
 * Other features use only what is exported here.
 */
export { insertCompany } from './companies.ts';
export { toCompanyDto } from './company-dto.ts';
