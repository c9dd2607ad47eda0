import {
  type Actor,
  createFriendLink,
  deactivateFriendLink,
  type FriendLink,
  getFriendLink,
  getUser,
  listFriendLinks,
  requestPhotoUploads,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequestBudgetExceededError } from '../graphql/request-budgets.js';
import { TokenBuckets } from '../graphql/token-buckets.js';
import type { Client } from '../http/client.js';
import { CurrentActor } from '../http/current-actor.js';
import { CurrentClient } from '../newsletter/current-client.js';
import { PhotoUploadFileInput, PhotoUploadPlanModel } from '../photos/photo.model.js';
import { verifyPhotoUploads } from '../photos/verify-photo-uploads.js';
import {
  CreateFriendLinkInput,
  FriendLinkModel,
  FriendLinkPublicModel,
  FriendUploadResultModel,
} from './friend-link.model.js';

/**
 * Abuse limits of the public upload page, per calling address and per link (a leaked link shared
 * widely). A friend's drop is one request and one complete per 3 files, so 60 a minute is a
 * generous person; the plan's quota caps what a link can add in total anyway.
 */
export const FRIEND_UPLOAD_BUDGETS = {
  perIp: { capacity: 60, periodSeconds: 60 },
  perLink: { capacity: 120, periodSeconds: 60 },
} as const;

const toModel = (link: FriendLink): FriendLinkModel => ({
  id: link.id,
  projectId: link.projectId,
  isActive: link.isActive,
  expiresAt: link.expiresAt,
  createdAt: link.createdAt,
});

/** The name visitors see: the owner's full name, else the first part of their e-mail. */
async function inviterNameOf(bus: BusClient, actor: Actor): Promise<string> {
  const user = await bus.request(getUser, actor, {});
  return user.userMetadata.fullName?.trim() || user.email?.split('@')[0] || 'A friend';
}

/**
 * Upload links (docs/photos-api.md, decision 0016): the owner's create/list/deactivate, and the
 * public page's read and uploads. Media keeps the links with the photos they bring (decision 0030):
 * it decides whether a link still works and takes its uploads through the owner's presigned,
 * verified path.
 */
@Resolver()
export class FriendLinksResolver {
  private readonly buckets = new TokenBuckets();

  constructor(private readonly bus: BusClient) {}

  @Query(() => [FriendLinkModel], { description: "The project's upload links, newest first (owner only)." })
  async friendLinks(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<FriendLinkModel[]> {
    return (await this.bus.request(listFriendLinks, actor, { projectId })).links.map(toModel);
  }

  @Mutation(() => FriendLinkModel, { description: 'A new upload link (7 days unless expiresInDays).' })
  async createFriendLink(
    @CurrentActor() actor: Actor,
    @Args('input') input: CreateFriendLinkInput,
  ): Promise<FriendLinkModel> {
    const inviterName = actor.userId ? await inviterNameOf(this.bus, actor) : 'A friend';
    const link = await this.bus.request(createFriendLink, actor, {
      projectId: input.projectId,
      ...(input.expiresInDays ? { expiresInDays: input.expiresInDays } : {}),
      inviterName,
    });
    return toModel(link);
  }

  @Mutation(() => FriendLinkModel)
  async deactivateFriendLink(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<FriendLinkModel> {
    return toModel(await this.bus.request(deactivateFriendLink, actor, { id }));
  }

  @Query(() => FriendLinkPublicModel, {
    description: 'Public: an active, unexpired link; NOT_FOUND "Invalid or expired upload link" otherwise.',
  })
  friendUploadLink(
    @CurrentActor() actor: Actor,
    @CurrentClient() client: Client,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<FriendLinkPublicModel> {
    this.take(client.ip, id);
    return this.bus.request(getFriendLink, actor, { id });
  }

  @Mutation(() => PhotoUploadPlanModel, {
    description:
      "A visitor's uploads through a link (a session is needed: the bot check makes a guest one); quota of the owner's plan.",
  })
  requestFriendPhotoUploads(
    @CurrentActor() actor: Actor,
    @CurrentClient() client: Client,
    @Args('linkId', { type: () => ID }) linkId: string,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('files', { type: () => [PhotoUploadFileInput] }) files: PhotoUploadFileInput[],
  ): Promise<PhotoUploadPlanModel> {
    this.take(client.ip, linkId);
    return this.bus.request(requestPhotoUploads, actor, { projectId, files, linkId });
  }

  @Mutation(() => [FriendUploadResultModel], {
    description: 'Verifies a visitor’s uploads; they arrive as pending photos for the owner.',
  })
  async completeFriendPhotoUploads(
    @CurrentActor() actor: Actor,
    @CurrentClient() client: Client,
    @Args('linkId', { type: () => ID }) linkId: string,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('uploadIds', { type: () => [ID] }) uploadIds: string[],
  ): Promise<FriendUploadResultModel[]> {
    this.take(client.ip, linkId);
    const { results } = await verifyPhotoUploads(this.bus, actor, { projectId, uploadIds, linkId });
    return results.map((result) => ({
      uploadId: result.uploadId,
      accepted: result.photoId !== null,
      error: result.error,
    }));
  }

  private take(ip: string, linkId: string): void {
    for (const [key, policy] of [
      [`friend-uploads-ip:${ip}`, FRIEND_UPLOAD_BUDGETS.perIp],
      [`friend-uploads-link:${linkId}`, FRIEND_UPLOAD_BUDGETS.perLink],
    ] as const) {
      const taken = this.buckets.take(key, policy);
      if (!taken.allowed) throw new RequestBudgetExceededError(taken.retryAfterSeconds);
    }
  }
}
