import { describe, expect, it } from 'vitest';
import {
  higherTiers,
  isUpgrade,
  PLANS,
  photoLimitFor,
  planFor,
  TIERS,
  TierSchema,
  tierOf,
  upgradeMessages,
} from './plans.js';

describe('tiers', () => {
  it('orders free < remember < honor < cherish', () => {
    expect(TIERS).toEqual(['free', 'remember', 'honor', 'cherish']);
  });

  it.each([
    ['free', 'free'],
    ['remember', 'remember'],
    ['honor', 'honor'],
    ['cherish', 'cherish'],
    ['', 'free'],
    [null, 'free'],
    [undefined, 'free'],
    ['platinum', 'free'],
    ['Cherish', 'free'],
    [3, 'free'],
  ])('reads a stored %j as %s (empty or unknown means free)', (stored, tier) => {
    expect(tierOf(stored)).toBe(tier);
  });

  it('accepts only the four tiers in requests', () => {
    expect(TierSchema.safeParse('honor').success).toBe(true);
    expect(TierSchema.safeParse('').success).toBe(false);
    expect(TierSchema.safeParse('gold').success).toBe(false);
  });
});

describe('plans (spec §9)', () => {
  it.each([
    ['free', 'FREE', 0, 5, 50, 'none'],
    ['remember', 'Remember', 1900, 10, 100, 'basic'],
    ['honor', 'Honor', 3900, 20, 200, 'advanced'],
    ['cherish', 'Cherish', 5900, 60, 400, 'best'],
  ] as const)(
    '%s is %s at %i cents, %i minutes, %i photos, AI %s',
    (tier, name, cents, minutes, photos, ai) => {
      expect(planFor(tier)).toMatchObject({
        tier,
        name,
        priceCents: cents,
        currency: 'usd',
        videoMinutes: minutes,
        photoLimit: photos,
        aiEditing: ai,
      });
      expect(photoLimitFor(tier)).toBe(photos);
    },
  );

  it('FREE has no downloads and no Remove Background; the paid plans have both', () => {
    expect(planFor('free')).toMatchObject({ downloads: false, removeBackground: false });
    expect(planFor('free').features).toEqual(
      expect.arrayContaining(['Downloads not available', 'Remove Background not included']),
    );
    for (const tier of ['remember', 'honor', 'cherish'] as const) {
      expect(planFor(tier)).toMatchObject({ downloads: true, removeBackground: true });
      expect(planFor(tier).features).not.toContain('Downloads not available');
    }
  });

  it('labels only Cherish "Highest Quality"', () => {
    expect(planFor('cherish').label).toBe('Highest Quality');
    expect(planFor('cherish').features).toContain('Highest Quality');
    expect(TIERS.filter((tier) => PLANS[tier].label !== null)).toEqual(['cherish']);
  });

  it('lists each plan limit among its features', () => {
    expect(planFor('honor').features).toEqual([
      'Up to 20 minutes of video',
      'Up to 200 photos',
      'Advanced AI photo editing: results up to 4096 px',
    ]);
  });
});

describe('upgrades go upward only', () => {
  it.each([
    ['free', ['remember', 'honor', 'cherish']],
    ['remember', ['honor', 'cherish']],
    ['honor', ['cherish']],
    ['cherish', []],
  ] as const)('from %s: %j', (tier, higher) => {
    expect(higherTiers(tier)).toEqual(higher);
  });

  it('isUpgrade is true only for a strictly higher tier', () => {
    for (const from of TIERS) {
      for (const to of TIERS) {
        expect(isUpgrade(from, to)).toBe(TIERS.indexOf(to) > TIERS.indexOf(from));
      }
    }
    expect(isUpgrade('free', 'cherish')).toBe(true);
    expect(isUpgrade('honor', 'honor')).toBe(false);
    expect(isUpgrade('cherish', 'remember')).toBe(false);
  });
});

describe('upgrade texts', () => {
  it('words the account, coming-soon and success messages as the spec does', () => {
    expect(upgradeMessages.accountRequired).toBe('Please create an account to purchase upgrades');
    expect(upgradeMessages.comingSoon.description).toBe(
      'Purchasing upgrades will be available soon! Please check back later.',
    );
    expect(upgradeMessages.upgradeFailed('card declined')).toBe('Failed to upgrade: card declined');
    expect(upgradeMessages.paymentSucceeded('Honor').title).toBe('Project upgraded to Honor!');
  });
});
