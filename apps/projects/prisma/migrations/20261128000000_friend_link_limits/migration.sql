-- AlterTable
ALTER TABLE "friend_upload_links" ADD COLUMN "hour_started_at" TIMESTAMPTZ(3),
ADD COLUMN "hour_photos" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "photo_upload_reservations" ADD COLUMN "link_id" UUID;

-- CreateIndex
CREATE INDEX "photo_upload_reservations_link_id_idx" ON "photo_upload_reservations"("link_id");
