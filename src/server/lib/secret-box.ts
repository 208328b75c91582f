import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (a provider's auth token): AES-256-GCM under a key derived from
 * ENCRYPTION_KEY. The stored form is `v1.<iv>.<tag>.<ciphertext>` in base64url; a tampered value or
 * the wrong key fails to open instead of yielding garbage.
 */
const VERSION = 'v1';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`letlead-secret-box:${secret}`).digest();
}

export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
}

export class SecretBoxError extends Error {}

export function open(secret: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined)
    throw new SecretBoxError('Not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError('The sealed value could not be opened (wrong ENCRYPTION_KEY or altered data)');
  }
}
