import { describe, expect, it } from 'vitest';
import { signupFormSchema, updatePasswordFormSchema } from './auth.ts';

const validSignup = {
  companyName: 'Acme Lettings',
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya@acme.example',
  phone: '020 7946 0018',
  password: 'Harbour-View-2025!',
  confirmPassword: 'Harbour-View-2025!',
  accountType: 'free',
};

function firstMessages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('signupFormSchema', () => {
  it('accepts a complete form', () => {
    expect(signupFormSchema.safeParse(validSignup).success).toBe(true);
  });

  it.each([
    [{ companyName: '  ' }, 'companyName', 'Company name is required'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ email: 'priya@' }, 'email', 'Valid email is required'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ phone: 'call me' }, 'phone', 'Enter a valid phone number'],
    [{ password: 'Ab1!', confirmPassword: 'Ab1!' }, 'password', 'Password must be at least 8 characters'],
    [
      { password: 'harbourview', confirmPassword: 'harbourview' },
      'password',
      'Password must contain uppercase, lowercase, number, and special character',
    ],
    [{ confirmPassword: 'Harbour-View-2025?' }, 'confirmPassword', "Passwords don't match"],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
  ])('%o → %s: %s', (change, field, message) => {
    expect(firstMessages(signupFormSchema.safeParse({ ...validSignup, ...change }))[field]).toBe(message);
  });
});

describe('updatePasswordFormSchema', () => {
  it('names every rule the new password misses', () => {
    const result = updatePasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abc' });
    expect(firstMessages(result).newPassword).toBe(
      'Password must be at least 8 characters. Password must contain an uppercase letter. Password must contain a number. Password must contain a special character',
    );
  });

  it("says when the two passwords don't match", () => {
    const result = updatePasswordFormSchema.safeParse({
      newPassword: 'Quayside-77?',
      confirmPassword: 'Quayside-78?',
    });
    expect(firstMessages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
