import type { Actor } from '@memoreel/contracts';
import type { TimelineTrack } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import { RenderDatabase } from '../database/render-database.js';
import { rhythmOf } from './music-tracks.repository.js';

const TRACK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A library track plays in a video when it is public, or it is its owner's own (an admin previewing an unpublished upload). */
export function mayPlay(
  track: { isPublic: boolean; userId: string | null },
  ownerId: string | null,
): boolean {
  return track.isPublic || (ownerId !== null && track.userId === ownerId);
}

/**
 * The music a video may play, found by track id in the library: a client-written timeline names
 * tracks, but only the server's own files of tracks `mayPlay` allows are ever signed.
 */
@Injectable()
export class PlayableTracks {
  constructor(private readonly database: RenderDatabase) {}

  /** The library rows of `ids` that `ownerId`'s videos may play, by id. */
  async byId(
    ids: readonly string[],
    ownerId: string | null,
  ): Promise<Map<string, { storagePath: string; beats: number[] | null }>> {
    const wanted = [...new Set(ids.filter((id) => TRACK_ID.test(id)))];
    if (wanted.length === 0) return new Map();
    const rows = await this.database.musicTrack.findMany({
      where: { id: { in: wanted } },
      select: { id: true, storagePath: true, isPublic: true, userId: true, tempo: true, beats: true },
    });
    return new Map(
      rows
        .filter((row) => mayPlay(row, ownerId))
        .map((row) => [row.id, { storagePath: row.storagePath, beats: rhythmOf(row).beats }]),
    );
  }

  /** The timeline's placements of playable tracks, each pointing at the library's file with its beats; the others are left out. */
  async playableIn(
    actor: Actor,
    timeline: readonly TimelineTrack[],
  ): Promise<(TimelineTrack & { beats: number[] | null })[]> {
    const found = await this.byId(
      timeline.map((track) => track.id),
      actor.userId,
    );
    return timeline.flatMap((track) => {
      const row = found.get(track.id);
      return row ? [{ ...track, storage_path: row.storagePath, beats: row.beats }] : [];
    });
  }
}
