import { Module } from '@nestjs/common';
import { NotificationsResolver } from '../notifications/notifications.resolver.js';
import { FriendLinksResolver } from './friend-links.resolver.js';

/** Issue 19: upload links, the public upload page's operations, pending photos and the live bell. */
@Module({ providers: [FriendLinksResolver, NotificationsResolver] })
export class FriendLinksModule {}
