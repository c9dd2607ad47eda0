import {
  type Actor,
  applyPhotoEdit,
  discardPhotoEdit,
  getPhotoEdit,
  listPhotos,
  type PhotoEdit,
  photoEditChanged,
  startPhotoEdit,
} from '@memoreel/contracts';
import { photoMessages } from '@memoreel/domain';
import { BusClient, NotFoundError } from '@memoreel/platform';
import { Args, ID, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import { ownLiveIterator } from '../live/live-iterator.js';
import { PhotoModel } from '../photos/photo.model.js';
import { toPhotoModel } from '../photos/to-photo-model.js';
import { PhotoEditKind, PhotoEditModel, type PhotoEditStatus } from './photo-edit.model.js';

const toModel = ({ userId: _, ...edit }: PhotoEdit): PhotoEditModel => ({
  ...edit,
  kind: edit.kind as PhotoEditKind,
  status: edit.status as PhotoEditStatus,
});

/**
 * Step 3's AI edits (decision 0017): media queues them, a photo-edit worker runs them, and each
 * change is pushed to the owner (photoEditChanged); photoEdit reads the state after a reconnect.
 */
@Resolver()
export class PhotoEditsResolver {
  constructor(private readonly bus: BusClient) {}

  @Mutation(() => PhotoEditModel, {
    description:
      'Queues an AI edit of your photo. UPGRADE_REQUIRED for any edit on a free project (AI editing: none); PHOTO_EDIT_IN_PROGRESS while another edit of the photo runs.',
  })
  async startPhotoEdit(
    @CurrentActor() actor: Actor,
    @Args('photoId', { type: () => ID }) photoId: string,
    @Args('kind', { type: () => PhotoEditKind }) kind: PhotoEditKind,
  ): Promise<PhotoEditModel> {
    return toModel(await this.bus.request(startPhotoEdit, actor, { photoId, kind }, { timeoutMs: 15_000 }));
  }

  @Query(() => PhotoEditModel, { nullable: true, description: 'One of your photo edits as it is now.' })
  async photoEdit(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<PhotoEditModel> {
    return toModel(await this.bus.request(getPhotoEdit, actor, { id }));
  }

  @Mutation(() => PhotoModel, {
    description:
      "The photo becomes the edit's PNG (new thumbnails and video image, the old original deleted); answers the photo.",
  })
  async applyPhotoEdit(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<PhotoModel> {
    const applied = await this.bus.request(applyPhotoEdit, actor, { id }, { timeoutMs: 30_000 });
    const { photos } = await this.bus.request(listPhotos, actor, {
      projectId: applied.projectId,
      ids: [applied.photoId],
    });
    const photo = photos[0];
    if (!photo) throw new NotFoundError(photoMessages.photoNotFound);
    return toPhotoModel(photo);
  }

  @Mutation(() => Boolean, { description: "Keep Original: deletes the edit's result." })
  async discardPhotoEdit(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    return (await this.bus.request(discardPhotoEdit, actor, { id })).discarded;
  }

  @Subscription(() => PhotoEditModel, {
    description: 'Every status or progress change of your photo edit, pushed (no polling).',
  })
  photoEditChanged(@CurrentActor() actor: Actor, @Args('id', { type: () => ID }) id: string) {
    // Kinds and statuses serialise through their enums; the owner's id is not in the type.
    return ownLiveIterator(this.bus, actor, photoEditChanged, {
      field: 'photoEditChanged',
      accept: (edit) => edit.id === id,
    });
  }
}
