import type { ReactNode } from 'react';
import { plans } from '#shared/plans.ts';

/** The pricing page's questions on credits, cycles and plan changes. */
export const pricingFaqs: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'credit',
    question: 'What is an enquiry credit?',
    answer: (
      <p>
        One credit is used when a tenant's conversation with your AI assistant becomes a lead on your
        dashboard, once per conversation. Opening a link, asking a question and chatting are free; a
        conversation in which the tenant gives no answers at all uses nothing.
      </p>
    ),
  },
  {
    id: 'reset',
    question: 'When do my credits reset?',
    answer: (
      <p>
        Every month on your account anniversary day: the free plan resets one month after your last reset, and
        a paid plan resets each month when your subscription renews. Your credits card on the dashboard shows
        when the next reset is. Unused credits do not carry over.
      </p>
    ),
  },
  {
    id: 'change-plan',
    question: 'Can I upgrade or downgrade?',
    answer: (
      <>
        <p>
          Yes, at any time. <strong>Upgrades apply immediately</strong>: the extra credits of the bigger plan
          are added to what you have left straight away. <strong>Downgrades apply at month end</strong>: you
          keep your current plan and its credits until your next monthly reset.
        </p>
        <p>
          For example, on Small with 100 credits used, upgrading to Large leaves you 4,900 credits for this
          month.
        </p>
      </>
    ),
  },
  {
    id: 'limit',
    question: 'What happens if I run out of credits?',
    answer: (
      <p>
        New enquiries are paused until your next cycle: tenants who open a link are told you are not taking
        online enquiries right now and see your contact details. Conversations already under way still finish
        and become leads. To take new enquiries straight away, upgrade your plan.
      </p>
    ),
  },
  {
    id: 'free',
    question: 'Is the free plan really free?',
    answer: (
      <p>
        Yes. The free plan gives you {plans.free.credits} enquiry credits a month with every feature, has no
        time limit and needs no card.
      </p>
    ),
  },
  {
    id: 'refunds',
    question: 'Are used credits refunded?',
    answer: (
      <p>
        No. Used credits are not refunded, including when you downgrade or cancel. Paid plans are on a monthly
        rolling contract, so you only ever commit to the current month.
      </p>
    ),
  },
  {
    id: 'cancel',
    question: 'How do I cancel?',
    answer: (
      <p>
        In My Account, choose Manage Subscription and cancel. You keep your plan until the end of the month
        you have paid for; your account then moves to the free plan, and your properties, links and leads stay
        as they are.
      </p>
    ),
  },
  {
    id: 'payment',
    question: 'How do I pay?',
    answer: (
      <p>
        By card, on our payment provider Stripe's secure checkout. LetLead never sees or stores your card
        number. You can update your card and download invoices from Manage Subscription.
      </p>
    ),
  },
];
