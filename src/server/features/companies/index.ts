/**
 * The agency: its profile and how it is created and shown.
 * Code outside the feature uses only what is exported here.
 */
export { insertCompany } from './companies.ts';
export { toCompanyDto } from './company-dto.ts';
export { registerCompanies } from './routes.ts';
