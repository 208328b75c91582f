/**
 * The password rules, shared by the sign-up and update-password forms, the live
 * strength meter and the server. The special characters are the ones found on a UK keyboard
 * without a modifier beyond Shift; the hint shows them so nobody has to guess.
 */
export const SPECIAL_CHARACTERS = '!@#$%^&*()-_=+[]{};:\'",.<>/?\\|`~£';

export const MIN_PASSWORD_LENGTH = 8;
/** better-auth refuses longer passwords (and hashing megabytes would be a denial of service). */
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

export type PasswordRule = {
  id: PasswordRuleId;
  /** How the meter lists the rule while it is not met. */
  label: string;
  /** The validation message when this one rule fails (update-password shows one per rule). */
  message: string;
  test: (password: string) => boolean;
};

export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${MIN_PASSWORD_LENGTH} characters`,
    message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
    test: (password) => password.length >= MIN_PASSWORD_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'An uppercase letter (A-Z)',
    message: 'Password must contain an uppercase letter',
    test: (password) => /[A-Z]/.test(password),
  },
  {
    id: 'lowercase',
    label: 'A lowercase letter (a-z)',
    message: 'Password must contain a lowercase letter',
    test: (password) => /[a-z]/.test(password),
  },
  {
    id: 'number',
    label: 'A number (0-9)',
    message: 'Password must contain a number',
    test: (password) => /[0-9]/.test(password),
  },
  {
    id: 'special',
    label: 'A special character',
    message: 'Password must contain a special character',
    test: (password) => [...password].some((character) => SPECIAL_CHARACTERS.includes(character)),
  },
];

export function failingPasswordRules(password: string): PasswordRule[] {
  return passwordRules.filter((rule) => !rule.test(password));
}

export type PasswordStrength = 'strong' | 'medium' | 'weak';

/** Strong when every rule passes, Medium with one or two failing, Weak with three or more. */
export function passwordStrength(password: string): PasswordStrength {
  const failing = failingPasswordRules(password).length;
  if (failing === 0) return 'strong';
  if (failing <= 2) return 'medium';
  return 'weak';
}

/** The sign-up form's single message for a password that is long enough but misses a rule. */
export const PASSWORD_RULES_MESSAGE =
  'Password must contain uppercase, lowercase, number, and special character';
