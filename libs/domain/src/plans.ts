import { z } from 'zod';
import { AI_EDITING } from './ai-editing.js';

/** A project's paid tier, lowest first; `cherish` is the highest and terminal. */
export const TIERS = ['free', 'remember', 'honor', 'cherish'] as const;
export type Tier = (typeof TIERS)[number];

/** A tier as callers must name it (requests): one of the four, nothing else. */
export const TierSchema = z.enum(TIERS);

/** A stored or fetched tier: empty or unknown means free (spec §3, "empty means free"). */
export function tierOf(value: unknown): Tier {
  return TierSchema.safeParse(value).data ?? 'free';
}

export type AiEditing = 'none' | 'basic' | 'advanced' | 'best';

export interface Plan {
  tier: Tier;
  name: string;
  /** One-time price in US cents; fetched prices override it. */
  priceCents: number;
  currency: 'usd';
  videoMinutes: number;
  photoLimit: number;
  aiEditing: AiEditing;
  /** Rendered videos can be downloaded. */
  downloads: boolean;
  /** The AI Remove Background tool is included. */
  removeBackground: boolean;
  /** A badge shown on the plan, e.g. "Highest Quality". */
  label: string | null;
  description: string;
  /** The plan's lines in the pricing table. */
  features: string[];
}

/** The pricing table's AI editing line: what each level gives (decision 0028). */
const aiEditingText: Record<AiEditing, string> = {
  none: 'No AI photo editing',
  basic: AI_EDITING.basic.summary,
  advanced: AI_EDITING.advanced.summary,
  best: AI_EDITING.best.summary,
};

function plan(spec: Omit<Plan, 'currency' | 'features'>): Plan {
  const features = [
    `Up to ${spec.videoMinutes} minutes of video`,
    `Up to ${spec.photoLimit} photos`,
    aiEditingText[spec.aiEditing],
    ...(spec.downloads ? [] : ['Downloads not available']),
    ...(spec.removeBackground ? [] : ['Remove Background not included']),
    ...(spec.label ? [spec.label] : []),
  ];
  return { ...spec, currency: 'usd', features };
}

/** The four plans of spec §9, the defaults the pricing table shows until prices are fetched. */
export const PLANS: Readonly<Record<Tier, Plan>> = {
  free: plan({
    tier: 'free',
    name: 'FREE',
    priceCents: 0,
    videoMinutes: 5,
    photoLimit: 50,
    aiEditing: 'none',
    downloads: false,
    removeBackground: false,
    label: null,
    description: 'Try it out and preview your video.',
  }),
  remember: plan({
    tier: 'remember',
    name: 'Remember',
    priceCents: 1900,
    videoMinutes: 10,
    photoLimit: 100,
    aiEditing: 'basic',
    downloads: true,
    removeBackground: true,
    label: null,
    description: 'A lasting video of your memories.',
  }),
  honor: plan({
    tier: 'honor',
    name: 'Honor',
    priceCents: 3900,
    videoMinutes: 20,
    photoLimit: 200,
    aiEditing: 'advanced',
    downloads: true,
    removeBackground: true,
    label: null,
    description: 'More photos and advanced AI editing.',
  }),
  cherish: plan({
    tier: 'cherish',
    name: 'Cherish',
    priceCents: 5900,
    videoMinutes: 60,
    photoLimit: 400,
    aiEditing: 'best',
    downloads: true,
    removeBackground: true,
    label: 'Highest Quality',
    description: 'The longest videos with our best AI editing.',
  }),
};

export function planFor(tier: Tier): Plan {
  return PLANS[tier];
}

export function photoLimitFor(tier: Tier): number {
  return PLANS[tier].photoLimit;
}

/** A project's photos against its plan: `count` of them (stored and uploading), the limit and what is left. */
export function photoQuotaOf(count: number, tier: Tier): { count: number; limit: number; remaining: number } {
  const limit = photoLimitFor(tier);
  return { count, limit, remaining: Math.max(0, limit - count) };
}

const rank = (tier: Tier): number => TIERS.indexOf(tier);

/** Whether moving a project from `from` to `to` raises its tier (tiers only go up). */
export function isUpgrade(from: Tier, to: Tier): boolean {
  return rank(to) > rank(from);
}

/** The tiers a project on `tier` can still be upgraded to, lowest first; none for cherish. */
export function higherTiers(tier: Tier): Tier[] {
  return TIERS.filter((candidate) => isUpgrade(tier, candidate));
}

/** The upgrade and purchase texts of spec §2, §6 and §8. */
export const upgradeMessages = {
  accountRequired: 'Please create an account to purchase upgrades',
  accountRequiredToast: {
    title: 'Account required',
    description: 'Please create an account to purchase this upgrade.',
  },
  comingSoon: {
    title: 'Coming Soon',
    description: 'Purchasing upgrades will be available soon! Please check back later.',
  },
  highestTier: 'You already have the highest tier available.',
  optionsFailed: 'Failed to fetch upgrade options',
  checkoutFailed: 'Failed to create checkout session',
  upgradeFailed: (message: string) => `Failed to upgrade: ${message}`,
  paymentSucceeded: (productName: string) => ({
    title: `Project upgraded to ${productName}!`,
    description: 'Your payment was successful and your project has been upgraded.',
  }),
  notAnUpgrade: 'Choose a tier higher than the project has',
  unknownProduct: 'This product is not available',
} as const;
