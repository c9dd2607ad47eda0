import {
  type Actor,
  acceptPendingPhotos,
  listPendingPhotos,
  pendingPhotoSummary,
  pendingPhotosChanged,
  rejectPendingPhotos,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Args, ID, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import { ownLiveIterator } from '../live/live-iterator.js';
import { PhotoModel } from '../photos/photo.model.js';
import { toPhotoModel } from '../photos/to-photo-model.js';
import { PendingPhotoSummaryModel, PendingPhotosChangeModel } from './pending-photos.model.js';

/**
 * Pending friend photos for their owner (step 1) and the header bell, pushed live: media publishes
 * media.photo.pending-changed on every change, and each subscription here passes on only its own
 * user's (the bus fans every message out to every gateway replica).
 */
@Resolver()
export class NotificationsResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => PendingPhotoSummaryModel)
  pendingPhotoSummary(@CurrentActor() actor: Actor): Promise<PendingPhotoSummaryModel> {
    return this.bus.request(pendingPhotoSummary, actor, {});
  }

  @Query(() => [PhotoModel], { description: "The project's pending (friend) photos, oldest first." })
  async pendingPhotos(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<PhotoModel[]> {
    const { photos } = await this.bus.request(listPendingPhotos, actor, { projectId });
    return photos.map((photo) => toPhotoModel(photo, { inVideo: false }));
  }

  @Mutation(() => [ID], { description: 'Accepts pending photos: they join the order last.' })
  async acceptPendingPhotos(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('ids', { type: () => [ID] }) ids: string[],
  ): Promise<string[]> {
    return (await this.bus.request(acceptPendingPhotos, actor, { projectId, ids })).ids;
  }

  @Mutation(() => [ID], { description: 'Rejects pending photos: deleted with their objects.' })
  async rejectPendingPhotos(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('ids', { type: () => [ID] }) ids: string[],
  ): Promise<string[]> {
    return (await this.bus.request(rejectPendingPhotos, actor, { projectId, ids })).ids;
  }

  @Subscription(() => PendingPhotosChangeModel, {
    description: "Fires when the signed-in user's pending photos change; refetch pendingPhotoSummary.",
  })
  pendingPhotosChanged(@CurrentActor() actor: Actor) {
    return ownLiveIterator(this.bus, actor, pendingPhotosChanged, { field: 'pendingPhotosChanged' });
  }
}
