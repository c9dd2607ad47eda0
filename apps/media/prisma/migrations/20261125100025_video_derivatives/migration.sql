-- AlterTable
ALTER TABLE "blobs" ADD COLUMN     "filter" TEXT NOT NULL DEFAULT 'none',
ADD COLUMN     "filter_set_at" TIMESTAMPTZ(3),
ADD COLUMN     "video_derivative_key" TEXT;
