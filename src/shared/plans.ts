/** The one plan table: pricing page, sign-up picker, credits card and server all read it. */
export const planTypes = ['free', 'small', 'medium', 'large'] as const;
export type PlanType = (typeof planTypes)[number];

export type Plan = {
  type: PlanType;
  name: string;
  /** Monthly price in whole pounds. */
  price: number;
  credits: number;
  isMostPopular: boolean;
  description: string;
};

export const plans: Record<PlanType, Plan> = {
  free: {
    type: 'free',
    name: 'Free',
    price: 0,
    credits: 30,
    isMostPopular: false,
    description: 'Try LetLead with a handful of enquiries a month. No time limit.',
  },
  small: {
    type: 'small',
    name: 'Small',
    price: 35,
    credits: 500,
    isMostPopular: false,
    description: 'For a single branch letting a few properties a week.',
  },
  medium: {
    type: 'medium',
    name: 'Medium',
    price: 70,
    credits: 1500,
    isMostPopular: true,
    description: 'For busy agencies with a steady flow of listings.',
  },
  large: {
    type: 'large',
    name: 'Large',
    price: 140,
    credits: 5000,
    isMostPopular: false,
    description: 'For multi-branch agencies and property managers.',
  },
};

/** Features every plan offers. */
export const planFeatures = [
  'Intelligent lead scoring',
  'Smart dashboard',
  'Property-specific AI agents',
  'Unlimited AI agent links',
  'Lead email notifications',
  'CSV export',
] as const;

export const paidPlanTypes = ['small', 'medium', 'large'] as const satisfies readonly PlanType[];
export type PaidPlanType = (typeof paidPlanTypes)[number];

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === 'string' && (planTypes as readonly string[]).includes(value);
}

export function isPaidPlan(type: PlanType): type is PaidPlanType {
  return type !== 'free';
}
