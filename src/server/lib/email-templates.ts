import type { Env } from '#server/env.ts';
import type { Email } from './mail.ts';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A plain, readable HTML email: one heading, paragraphs, one button, the plain link below it. */
export function layoutEmail(input: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}) {
  const paragraphs = input.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const action = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(input.action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>${paragraphs}${action}<p style="font-size:12px;color:#6b7280;margin-top:32px">LetLead · AI tenant screening for UK letting agents</p></body></html>`;
}

export function emailTemplates(env: Env) {
  return {
    verification: ({ to, firstName, url }: { to: string; firstName: string | null; url: string }): Email => {
      const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
      const lines = [
        greeting,
        'Please confirm your email address to finish setting up your LetLead account.',
      ];
      return {
        to,
        subject: 'Verify your email for LetLead',
        text: `${lines.join('\n\n')}\n\nVerify your email: ${url}\n\nThe link works for 24 hours. If you did not sign up, you can ignore this email.`,
        html: layoutEmail({
          heading: 'Verify your email',
          paragraphs: [
            ...lines,
            'The link works for 24 hours. If you did not sign up, you can ignore this email.',
          ],
          action: { label: 'Verify email', url },
        }),
      };
    },
    passwordReset: ({ to, firstName, url }: { to: string; firstName: string | null; url: string }): Email => {
      const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
      const lines = [greeting, 'We received a request to reset your LetLead password.'];
      return {
        to,
        subject: 'Reset your LetLead password',
        text: `${lines.join('\n\n')}\n\nChoose a new password: ${url}\n\nThe link works for one hour. If you did not ask for this, you can ignore this email.`,
        html: layoutEmail({
          heading: 'Reset your password',
          paragraphs: [
            ...lines,
            'The link works for one hour. If you did not ask for this, you can ignore this email.',
          ],
          action: { label: 'Choose a new password', url },
        }),
      };
    },
    /**
     * Sent when someone signs up with an address that already has a verified account: the page
     * answers as for a new account (so it never reveals who has one), and the owner learns here.
     */
    accountExists: ({ to, firstName }: { to: string; firstName: string | null }): Email => {
      const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
      const loginUrl = `${env.appUrl}/login`;
      const resetUrl = `${env.appUrl}/reset-password`;
      const lines = [
        greeting,
        'Someone (probably you) tried to create a new LetLead account with this email address, but you already have one.',
        `If you have forgotten your password, you can choose a new one here: ${resetUrl}`,
      ];
      return {
        to,
        subject: 'You already have a LetLead account',
        text: `${lines.join('\n\n')}\n\nSign in: ${loginUrl}\n\nIf this was not you, you can ignore this email: nothing has changed.`,
        html: layoutEmail({
          heading: 'You already have an account',
          paragraphs: [...lines, 'If this was not you, you can ignore this email: nothing has changed.'],
          action: { label: 'Sign in', url: loginUrl },
        }),
      };
    },
  };
}
