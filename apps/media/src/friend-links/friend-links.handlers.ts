import { createFriendLink, deactivateFriendLink, getFriendLink, listFriendLinks } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { FriendLinksService } from './friend-links.service.js';

export const FriendLinksHandlers = requestHandlers(FriendLinksService, (answer) => [
  answer(createFriendLink, (links, { actor, data }) => links.create(actor, data)),
  answer(listFriendLinks, async (links, { actor, data }) => ({
    links: await links.list(actor, data.projectId),
  })),
  answer(deactivateFriendLink, (links, { actor, data }) => links.deactivate(actor, data.id)),
  answer(getFriendLink, (links, { actor, data }) => links.describe(actor, data.id)),
]);
