-- AlterTable
ALTER TABLE "music_tracks" ADD COLUMN     "beats" JSONB,
ADD COLUMN     "tempo" DOUBLE PRECISION;
