import { CREDIT_PACKAGES, type CreditPackageName, SUBSCRIPTION } from '@uapqa/contracts';

export type Purchase = { kind: 'subscription' } | { kind: 'credits'; package: CreditPackageName };

export const dollars = (cents: number) => `$${cents / 100}`;

export const PLANS = [
  {
    id: 'subscription' as const,
    name: 'Archive Access',
    price: dollars(SUBSCRIPTION.priceCents),
    per: `/${SUBSCRIPTION.interval}`,
    features: [
      'Unlimited access to the full Q&A archive',
      `${SUBSCRIPTION.creditsPerPeriod} FOIA credits every month`,
      'Credits never expire while subscribed',
    ],
  },
  {
    id: 'small' as const,
    name: 'FOIA Credits',
    price: dollars(CREDIT_PACKAGES.small.priceCents),
    per: ` for ${CREDIT_PACKAGES.small.credits} questions`,
    features: [
      `${CREDIT_PACKAGES.small.credits} questions to any expert`,
      'Added to your balance at once',
    ],
    popular: true,
  },
  {
    id: 'bulk' as const,
    name: 'Bulk Credits',
    price: dollars(CREDIT_PACKAGES.bulk.priceCents),
    per: ` for ${CREDIT_PACKAGES.bulk.credits} questions`,
    features: [
      `${CREDIT_PACKAGES.bulk.credits} questions to any expert`,
      'The best price per question',
    ],
  },
];

export type Plan = (typeof PLANS)[number];
