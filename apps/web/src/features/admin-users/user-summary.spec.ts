import { describe, expect, it } from 'vitest';
import { auditText, displayName, highestTier, pageCount, pageRangeText } from './user-summary';

describe('Manage Users summaries', () => {
  it('names a user by name, else e-mail, else as a guest', () => {
    expect(displayName({ fullName: 'Rosa Parks', email: 'rosa@example.com', isAnonymous: false })).toBe(
      'Rosa Parks',
    );
    expect(displayName({ fullName: '  ', email: 'rosa@example.com', isAnonymous: false })).toBe(
      'rosa@example.com',
    );
    expect(displayName({ fullName: null, email: null, isAnonymous: true })).toBe('Guest');
  });

  it("takes the user's plan from their highest project tier, free without projects", () => {
    expect(highestTier([])).toBe('free');
    expect(highestTier([{ product: 'remember' }, { product: 'honor' }, { product: '' }])).toBe('honor');
    expect(highestTier([{ product: 'gold' }])).toBe('free');
  });

  it('says which users a page shows', () => {
    expect(pageRangeText(1, 25, 0)).toBe('No users');
    expect(pageRangeText(2, 25, 132)).toBe('26–50 of 132');
    expect(pageRangeText(6, 25, 132)).toBe('126–132 of 132');
    expect(pageCount(25, 0)).toBe(1);
    expect(pageCount(25, 132)).toBe(6);
  });

  it('reads audit entries as sentences', () => {
    /** An entry of `action` with its details as the log keeps them: name and value pairs. */
    const entry = (action: string, details: Record<string, string> = {}) => ({
      action,
      details: Object.entries(details).map(([name, value]) => ({ name, value })),
    });

    expect(auditText(entry('project.tier-changed', { from: 'free', to: 'honor' }))).toBe(
      'Changed a project tier: free → honor',
    );
    expect(auditText(entry('user.sign-in-disabled', { reason: 'Fraud' }))).toBe('Disabled sign-in: “Fraud”');
    expect(auditText(entry('user.sign-in-enabled'))).toBe('Enabled sign-in');
    expect(
      auditText(
        entry('share.updated', {
          shareId: '5c1e0d3a-8f7e-4b3a-9a55-0d6f1f0a1b2c',
          'shareTitle.from': 'Our trip',
          'shareTitle.to': 'Removed by support',
        }),
      ),
    ).toBe('Edited a share: shareTitle “Our trip” → “Removed by support”');
    expect(auditText(entry('share.deleted', { shareId: 'x' }))).toBe('Deleted a share');
  });
});
