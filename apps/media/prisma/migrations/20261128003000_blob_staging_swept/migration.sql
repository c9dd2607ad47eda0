-- AlterTable
ALTER TABLE "blobs" ADD COLUMN     "staging_swept_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "blobs_staging_unswept_idx" ON "blobs"("upload_expires_at") WHERE (staging_swept_at IS NULL);
