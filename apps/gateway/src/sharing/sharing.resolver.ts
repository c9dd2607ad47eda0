import {
  type Actor,
  createShare,
  deleteShare,
  getShareByProject,
  getSharedVideo,
  listShares,
  recordShareView,
  updateShare,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Request } from 'express';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentActor, type GraphQLContext } from '../http/current-actor.js';
import {
  DeletedShareModel,
  SharedVideoModel,
  ShareModel,
  ShareSettingsInput,
  ShareViewModel,
  toSharedVideoModel,
} from './share.model.js';
import { originOf, SharePreviews } from './share-previews.js';
import { SharedVideoCache } from './shared-video-cache.js';
import { ipKeyOf, viewerKeyOf } from './viewer-keys.js';

const settingsOf = (input: ShareSettingsInput) => ({
  shareTitle: input.shareTitle,
  author: input.author ?? null,
  message: input.message ?? null,
  showViewCount: input.showViewCount ?? true,
});

/** Shares of the signed-in user, and the public viewer's calls; the sharing service checks everything. */
@Resolver(() => ShareModel)
export class SharingResolver {
  constructor(
    private readonly bus: BusClient,
    private readonly sharedVideos: SharedVideoCache,
    private readonly previews: SharePreviews,
    @Inject(GATEWAY_CONTEXT) private readonly gateway: GatewayContext,
  ) {}

  @Query(() => ShareModel, {
    nullable: true,
    description: 'The share of one of your projects, if it is shared.',
  })
  async projectShare(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<ShareModel | null> {
    return (await this.bus.request(getShareByProject, actor, { projectId })).share;
  }

  @Query(() => [ShareModel], { description: 'Your shared videos, newest first.' })
  async shares(@CurrentActor() actor: Actor): Promise<ShareModel[]> {
    return (await this.bus.request(listShares, actor, {})).shares;
  }

  @Query(() => SharedVideoModel, { description: 'A shared video, for anyone with its link.' })
  async sharedVideo(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<SharedVideoModel> {
    return toSharedVideoModel(await this.bus.request(getSharedVideo, actor, { id }));
  }

  @Mutation(() => ShareModel, {
    description: 'Shares a project and makes its link preview at once (spec generate-og-image).',
  })
  async createShare(
    @CurrentActor() actor: Actor,
    @Context() context: GraphQLContext,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('settings', { type: () => ShareSettingsInput }) settings: ShareSettingsInput,
  ): Promise<ShareModel> {
    const share = await this.bus.request(createShare, actor, { projectId, settings: settingsOf(settings) });
    const req = context.req as Request | undefined;
    // The share stands either way; the owner is told when its preview shows no photo of it.
    const ogImageUrl = req
      ? await this.previews.make(share.id, originOf(req, this.gateway.publicUrl)).catch(() => null)
      : null;
    return { ...share, ogImageUrl };
  }

  @Mutation(() => ShareModel)
  async updateShare(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('settings', { type: () => ShareSettingsInput }) settings: ShareSettingsInput,
  ): Promise<ShareModel> {
    const share = await this.bus.request(updateShare, actor, { id, settings: settingsOf(settings) });
    // The shared page shows the change at once from this replica (others within the cache's 10 s).
    this.sharedVideos.drop(id);
    return share;
  }

  @Mutation(() => DeletedShareModel)
  async deleteShare(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeletedShareModel> {
    const deleted = await this.bus.request(deleteShare, actor, { id });
    this.sharedVideos.drop(id);
    return deleted;
  }

  @Mutation(() => ShareViewModel, {
    description: 'Counts a view (the viewer calls it 2 s after loading); a viewer counts once per 30 min.',
  })
  async recordShareView(
    @CurrentActor() actor: Actor,
    @Context() context: GraphQLContext,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<ShareViewModel> {
    const req = context.req as Request | undefined;
    if (!req) return { counted: false, viewCount: null };
    const result = await this.bus.request(recordShareView, actor, {
      id,
      viewerKey: viewerKeyOf(req, req.res),
      ipKey: ipKeyOf(req),
    });
    const video = await this.bus.request(getSharedVideo, actor, { id });
    return { counted: result.counted, viewCount: video.viewCount };
  }
}
