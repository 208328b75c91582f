import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The store is the one owner of the `conversations` table: outside this folder (and the schema and
 * migrations that define it) no server file imports the table or names it in SQL. Reports join the
 * store's view (`CONVERSATION_VIEW`, `conversationView`); writes go through the store's functions.
 */
const SERVER = join(import.meta.dirname, '..', '..');
const OWNERS = ['features/conversations/', 'db/'];

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The file without its comments, so prose about conversations is not taken for SQL. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
}

const importsTable = (text: string) =>
  [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'#server\/db\/schema\.ts'/g)].some((match) =>
    match[1]!.split(',').some((name) => name.trim() === 'conversations'),
  );

const namesTableInSql = (text: string) => /\b(from|join|update|into)\s+conversations\b/i.test(text);

describe('the conversation store', () => {
  const outside = serverFiles(SERVER)
    .map((path) => ({ file: relative(SERVER, path), text: code(readFileSync(path, 'utf8')) }))
    .filter(({ file }) => !OWNERS.some((owner) => file.startsWith(owner)));

  it('is the only server code that imports the conversations table', () => {
    expect(outside.filter(({ text }) => importsTable(text)).map(({ file }) => file)).toEqual([]);
  });

  it('is the only server code whose SQL names the conversations table', () => {
    expect(outside.filter(({ text }) => namesTableInSql(text)).map(({ file }) => file)).toEqual([]);
  });

  it('would notice a feature that reads the table itself', () => {
    expect(importsTable("import { conversations, leads } from '#server/db/schema.ts';")).toBe(true);
    expect(namesTableInSql('select id from conversations c where c.company_id = $1')).toBe(true);
    expect(namesTableInSql(`left join ${'(select id from x)'} c on c.id = l.conversation_id`)).toBe(false);
  });
});
