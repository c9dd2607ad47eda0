import {
  type Actor,
  countProjects,
  createInitialProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  photoCards,
  renameProject,
  updateVideoSettings,
  type VideoSettingsUpdate,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import {
  type CardBackgroundInput,
  DeletedProjectModel,
  InitialProjectModel,
  ProjectCountModel,
  ProjectListItemModel,
  ProjectModel,
  type VideoMusicInput,
  VideoSettingsInput,
} from './project.model.js';

/** Projects of the signed-in user; the projects service checks the session and ownership. */
@Resolver(() => ProjectModel)
export class ProjectsResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => [ProjectListItemModel], { description: 'Your projects, newest first (at most 20).' })
  async projects(@CurrentActor() actor: Actor): Promise<ProjectListItemModel[]> {
    const { projects } = await this.bus.request(listProjects, actor, {});
    // Media owns the photos: each card's count and first grid thumbnails (one without one yet is left out).
    const { cards } =
      projects.length === 0
        ? { cards: [] }
        : await this.bus.request(photoCards, actor, { projectIds: projects.map((project) => project.id) });
    const cardOf = new Map(cards.map((card) => [card.projectId, card]));
    return projects.map((project) => ({
      ...project,
      photos: cardOf.get(project.id)?.photos ?? [],
      photoCount: cardOf.get(project.id)?.count ?? 0,
    }));
  }

  @Query(() => ProjectModel, { description: 'One of your projects.' })
  project(@CurrentActor() actor: Actor, @Args('id', { type: () => ID }) id: string): Promise<ProjectModel> {
    return this.bus.request(getProject, actor, { id });
  }

  @Query(() => ProjectCountModel, { description: 'How many projects you have, and the limit.' })
  projectCount(@CurrentActor() actor: Actor): Promise<ProjectCountModel> {
    return this.bus.request(countProjects, actor, {});
  }

  @Mutation(() => ProjectModel)
  createProject(@CurrentActor() actor: Actor, @Args('name') name: string): Promise<ProjectModel> {
    return this.bus.request(createProject, actor, { name });
  }

  @Mutation(() => InitialProjectModel, {
    description: 'Your newest project, or a new "My First Project" when you have none.',
  })
  createInitialProject(@CurrentActor() actor: Actor): Promise<InitialProjectModel> {
    return this.bus.request(createInitialProject, actor, {});
  }

  @Mutation(() => ProjectModel)
  renameProject(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('name') name: string,
  ): Promise<ProjectModel> {
    return this.bus.request(renameProject, actor, { id, name });
  }

  @Mutation(() => ProjectModel)
  updateVideoSettings(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
    @Args('settings', { type: () => VideoSettingsInput }) settings: VideoSettingsInput,
  ): Promise<ProjectModel> {
    return this.bus.request(updateVideoSettings, actor, { id, settings: toUpdate(settings) });
  }

  @Mutation(() => DeletedProjectModel)
  deleteProject(
    @CurrentActor() actor: Actor,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<DeletedProjectModel> {
    return this.bus.request(deleteProject, actor, { id });
  }
}

/** GraphQL sends null for a field given as null; in an update that means "not given" (customPath excepted). */
function toUpdate(input: VideoSettingsInput): VideoSettingsUpdate {
  return {
    durationPerPhoto: input.durationPerPhoto ?? undefined,
    transition: input.transition ?? undefined,
    cutOnBeat: input.cutOnBeat ?? undefined,
    music: input.music ? toMusicUpdate(input.music) : undefined,
    width: input.width ?? undefined,
    height: input.height ?? undefined,
    // A card given as null is removed; left out, it stays.
    opening:
      input.opening === undefined
        ? undefined
        : input.opening && {
            title: input.opening.title,
            subtitle: input.opening.subtitle ?? '',
            background: toBackground(input.opening.background),
            seconds: input.opening.seconds,
          },
    closing:
      input.closing === undefined
        ? undefined
        : input.closing && {
            message: input.closing.message,
            background: toBackground(input.closing.background),
            seconds: input.closing.seconds,
          },
    // Checked by the projects service against the typefaces it knows.
    font: (input.font ?? undefined) as VideoSettingsUpdate['font'],
  };
}

/** The flat GraphQL shape to the contract's union (which the projects service checks). */
function toBackground(input: CardBackgroundInput): NonNullable<VideoSettingsUpdate['closing']>['background'] {
  return input.kind === 'photo'
    ? { kind: 'photo', photoId: input.photoId ?? '' }
    : { kind: 'color', color: input.color ?? '' };
}

function toMusicUpdate(music: VideoMusicInput): VideoSettingsUpdate['music'] {
  return {
    type: music.type ?? undefined,
    selection: music.selection ?? undefined,
    customPath: music.customPath,
    timelineTracks: music.timelineTracks?.map((track) => ({
      id: track.id,
      storage_path: track.storage_path,
      startTime: track.startTime,
      duration: track.duration,
      instanceId: track.instanceId,
      title: track.title ?? undefined,
      artist: track.artist ?? undefined,
      isTrimmed: track.isTrimmed ?? undefined,
      originalDuration: track.originalDuration ?? undefined,
    })),
  };
}
