import {
  type Actor,
  getRenderProgress,
  listRenders,
  renderProgressChanged,
  startRender,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Args, ID, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import { ownLiveIterator } from '../live/live-iterator.js';
import { RenderProgressModel, StartRenderResultModel } from './render.model.js';

/** Step 9: rendering a project's video (render service), its progress live, polling as the fallback. */
@Resolver()
export class RendersResolver {
  constructor(private readonly bus: BusClient) {}

  @Mutation(() => StartRenderResultModel, {
    description:
      'Owner only. Starts a render of the project as it is, or answers the render of the unchanged project. UPGRADE_REQUIRED on a free project; VIDEO_TOO_LONG (details: seconds, limitSeconds) when the video is longer than the plan allows; "Missing required data" without photos.',
  })
  startRender(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<StartRenderResultModel> {
    return this.bus.request(startRender, actor, { projectId }, { timeoutMs: 30_000 });
  }

  @Query(() => RenderProgressModel, {
    description: 'A render of your project (polled every 2 s as a fallback).',
  })
  renderProgress(
    @CurrentActor() actor: Actor,
    @Args('renderId', { type: () => ID }) renderId: string,
  ): Promise<RenderProgressModel> {
    return this.bus.request(getRenderProgress, actor, { renderId });
  }

  @Query(() => [RenderProgressModel], { description: 'The latest 5 renders of your project, newest first.' })
  async renders(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<RenderProgressModel[]> {
    return (await this.bus.request(listRenders, actor, { projectId })).renders;
  }

  @Subscription(() => RenderProgressModel, {
    name: 'renderProgress',
    description:
      'Fires when a render of this project (yours) moves; refetch renderProgress for the download URL.',
  })
  renderProgressChanged(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ) {
    return ownLiveIterator(this.bus, actor, renderProgressChanged, {
      field: 'renderProgress',
      accept: (progress) => progress.projectId === projectId,
    });
  }
}
