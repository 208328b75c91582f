import { describe, expect, it } from 'vitest';
import { open, SecretBoxError, seal } from './secret-box.ts';

const KEY = 'a-development-key-of-thirty-two-chars!';

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = seal(KEY, 'auth-token-123456');
    expect(sealed).not.toContain('auth-token');
    expect(open(KEY, sealed)).toBe('auth-token-123456');
    expect(seal(KEY, 'auth-token-123456')).not.toBe(sealed);
  });

  it('refuses another key and an altered value', () => {
    const sealed = seal(KEY, 'secret');
    expect(() => open('another-key-that-is-long-enough-000', sealed)).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => open(KEY, parts.join('.'))).toThrow(SecretBoxError);
  });
});
