import { ensureTemplate } from './pglite-template.ts';

export default async function setup() {
  await ensureTemplate();
}
