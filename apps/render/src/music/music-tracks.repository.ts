import { Injectable } from '@nestjs/common';
import type { RenderTransaction } from '../database/render-database.js';
import { type MusicTrack, Prisma, type PrismaClient } from '../generated/prisma/client.js';

type Db = PrismaClient | RenderTransaction;

export type NewMusicTrack = Omit<MusicTrack, 'createdAt' | 'isPublic' | 'tempo' | 'beats'> & {
  isPublic?: boolean;
};

/** A track's stored rhythm as the contracts give it: beats are a JSON column, null until analysed. */
export function rhythmOf(row: Pick<MusicTrack, 'tempo' | 'beats'>): {
  tempo: number | null;
  beats: number[] | null;
} {
  const beats = Array.isArray(row.beats) ? row.beats.filter((beat) => typeof beat === 'number') : null;
  return { tempo: row.tempo, beats };
}

/** Queries of `music_tracks` and `music_seeds`. */
@Injectable()
export class MusicTracksRepository {
  listPublic(db: Db): Promise<MusicTrack[]> {
    return db.musicTrack.findMany({ where: { isPublic: true }, orderBy: [{ title: 'asc' }, { id: 'asc' }] });
  }

  listAll(db: Db): Promise<MusicTrack[]> {
    return db.musicTrack.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  getById(db: Db, id: string): Promise<MusicTrack | null> {
    return db.musicTrack.findUnique({ where: { id } });
  }

  getByStoragePath(db: Db, storagePath: string): Promise<MusicTrack | null> {
    return db.musicTrack.findUnique({ where: { storagePath } });
  }

  insert(db: Db, track: NewMusicTrack): Promise<MusicTrack> {
    return db.musicTrack.create({ data: track });
  }

  update(db: Db, id: string, change: { title?: string; isPublic?: boolean }): Promise<MusicTrack> {
    return db.musicTrack.update({ where: { id }, data: change });
  }

  /** True when this call removed the row (a concurrent delete may have been first). */
  async delete(db: Db, id: string): Promise<boolean> {
    return (await db.musicTrack.deleteMany({ where: { id } })).count > 0;
  }

  /** Records a track's beats ([] and no tempo when it has none); false when the track went meanwhile. */
  async setBeats(db: Db, id: string, found: { tempo: number; beats: number[] } | null): Promise<boolean> {
    const { count } = await db.musicTrack.updateMany({
      where: { id },
      data: { tempo: found?.tempo ?? null, beats: found?.beats ?? [] },
    });
    return count > 0;
  }

  /** The tracks whose beats were never found. */
  async withoutBeats(db: Db): Promise<{ id: string }[]> {
    return db.musicTrack.findMany({ where: { beats: { equals: Prisma.DbNull } }, select: { id: true } });
  }

  async seededKeys(db: Db): Promise<Set<string>> {
    return new Set((await db.musicSeed.findMany({ select: { key: true } })).map((seed) => seed.key));
  }

  /** False when another starter recorded this seed first (the key is the primary key). */
  async recordSeed(db: Db, key: string, trackId: string): Promise<boolean> {
    const inserted = await db.musicSeed.createMany({ data: [{ key, trackId }], skipDuplicates: true });
    return inserted.count > 0;
  }
}
