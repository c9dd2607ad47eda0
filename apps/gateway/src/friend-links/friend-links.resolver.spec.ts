import { randomUUID } from 'node:crypto';
import { GUEST } from '@memoreel/contracts';
import type { BusClient } from '@memoreel/platform';
import { describe, expect, it, vi } from 'vitest';
import { RequestBudgetExceededError } from '../graphql/request-budgets.js';
import { FRIEND_UPLOAD_BUDGETS, FriendLinksResolver } from './friend-links.resolver.js';

const linkReply = {
  id: randomUUID(),
  projectId: randomUUID(),
  projectName: 'P',
  inviterName: 'A',
  expiresAt: '',
};

function resolver() {
  const request = vi.fn().mockResolvedValue(linkReply);
  return { resolver: new FriendLinksResolver({ request } as unknown as BusClient), request };
}

describe('the public upload-link operations', () => {
  it(`allow ${FRIEND_UPLOAD_BUDGETS.perIp.capacity} calls a minute per address, then RATE_LIMITED`, async () => {
    const { resolver: links, request } = resolver();
    for (let i = 0; i < FRIEND_UPLOAD_BUDGETS.perIp.capacity; i++) {
      await links.friendUploadLink(GUEST, { ip: '203.0.113.7' }, randomUUID());
    }
    expect(() => links.friendUploadLink(GUEST, { ip: '203.0.113.7' }, randomUUID())).toThrow(
      RequestBudgetExceededError,
    );
    expect(request).toHaveBeenCalledTimes(FRIEND_UPLOAD_BUDGETS.perIp.capacity);
    // Another address has its own budget.
    await expect(links.friendUploadLink(GUEST, { ip: '198.51.100.1' }, randomUUID())).resolves.toEqual(
      linkReply,
    );
  });

  it(`allow ${FRIEND_UPLOAD_BUDGETS.perLink.capacity} calls a minute per link, from any number of addresses`, async () => {
    const { resolver: links } = resolver();
    const linkId = randomUUID();
    for (let i = 0; i < FRIEND_UPLOAD_BUDGETS.perLink.capacity; i++) {
      await links.friendUploadLink(GUEST, { ip: `10.0.${Math.floor(i / 200)}.${i % 200}` }, linkId);
    }
    expect(() => links.friendUploadLink(GUEST, { ip: '10.9.9.9' }, linkId)).toThrow(
      RequestBudgetExceededError,
    );
  });
});
