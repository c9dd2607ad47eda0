-- AlterTable
ALTER TABLE "rendered_videos" ADD COLUMN     "progressed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
