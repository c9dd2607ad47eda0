import {
  mediaCreateFriendLink,
  mediaDeactivateFriendLink,
  mediaGetFriendLink,
  mediaListFriendLinks,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { FriendLinksService } from './friend-links.service.js';

export const FriendLinksHandlers = requestHandlers(FriendLinksService, (answer) => [
  answer(mediaCreateFriendLink, (links, { actor, data }) => links.create(actor, data)),
  answer(mediaListFriendLinks, async (links, { actor, data }) => ({
    links: await links.list(actor, data.projectId),
  })),
  answer(mediaDeactivateFriendLink, (links, { actor, data }) => links.deactivate(actor, data.id)),
  answer(mediaGetFriendLink, (links, { actor, data }) => links.describe(actor, data.id)),
]);
