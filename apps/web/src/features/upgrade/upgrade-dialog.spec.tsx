import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleGuest } from '../../testing/auth-fixtures';
import { renderApp } from '../../testing/render-app';
import { GraphQLFailure, sampleProject, signedInClient, stubGraphQL } from '../project/fake-graphql';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const remember = {
  productId: 'remember',
  name: 'Remember',
  priceCents: 1900,
  currency: 'usd',
  description: 'A lasting video of your memories.',
  features: ['Up to 10 minutes of video'],
};

function stubUpgrade(upgradeOptions: () => unknown, purchaseUpgrade: () => unknown = () => ({ url: '/' })) {
  stubGraphQL({
    projects: () => [sampleProject()],
    projectCount: () => ({ count: 1, limit: 10 }),
    upgradeOptions,
    purchaseUpgrade,
  });
}

async function openUpgradeDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Upgrade' }));
  return screen.findByRole('dialog', { name: 'Upgrade Your Project' });
}

/** A free project's owner picks Remember, and checkout is refused with `code`. */
async function upgradeRefused(message: string, code: string) {
  stubUpgrade(
    () => ({ currentTier: 'free', upgradeOptions: [remember] }),
    () => {
      throw new GraphQLFailure(message, code);
    },
  );
  renderApp('/dashboard', signedInClient());
  await openUpgradeDialog();
  fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Remember' }));
}

describe('Upgrade Your Project', () => {
  it('says "Coming Soon" while purchasing is off, then closes', async () => {
    await upgradeRefused('Purchasing is not available yet', 'purchases_disabled');
    expect(await screen.findByText('Coming Soon')).toBeTruthy();
    expect(
      screen.getByText('Purchasing upgrades will be available soon! Please check back later.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upgrade Your Project' })).toBeNull(), {
      timeout: 2_500,
    });
  });

  it('tells a project on cherish it has the highest tier', async () => {
    stubUpgrade(() => ({ currentTier: 'cherish', upgradeOptions: [] }));
    renderApp('/dashboard', signedInClient());
    await openUpgradeDialog();
    expect(await screen.findByText('You already have the highest tier available.')).toBeTruthy();
  });

  it('asks a guest to create an account before buying', async () => {
    stubUpgrade(() => ({ currentTier: 'free', upgradeOptions: [remember] }));
    renderApp('/dashboard', signedInClient(sampleGuest()));
    fireEvent.click(await screen.findByRole('button', { name: 'Not Now' }));
    await openUpgradeDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Remember' }));
    expect(await screen.findByText('Account required')).toBeTruthy();
    expect(screen.getByText('Please create an account to purchase this upgrade.')).toBeTruthy();
  });

  it('falls back to free with nothing to offer when the options cannot be fetched', async () => {
    stubUpgrade(() => {
      throw new GraphQLFailure('Billing is resting', 'INTERNAL');
    });
    renderApp('/dashboard', signedInClient());
    await openUpgradeDialog();
    expect(await screen.findByText('Failed to fetch upgrade options')).toBeTruthy();
    await act(async () => {});
    expect(screen.getByRole('dialog').textContent).toContain('FREE');
  });

  it('shows "Something went wrong" with Try Again when checkout fails unexpectedly', async () => {
    await upgradeRefused('Payment provider unreachable', 'INTERNAL');
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Failed to upgrade: Payment provider unreachable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Upgrade to Remember' })).toBeTruthy();
  });
});
