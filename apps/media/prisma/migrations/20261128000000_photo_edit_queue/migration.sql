-- AlterTable
ALTER TABLE "photo_edits" ADD COLUMN "enqueued_at" TIMESTAMPTZ(3),
ADD COLUMN "taken_at" TIMESTAMPTZ(3);

-- Edits queued before this change were all put on the work queue.
UPDATE "photo_edits" SET "enqueued_at" = "created_at" WHERE "status" IN ('queued', 'working');

-- CreateIndex
CREATE INDEX "photo_edits_user_status_created_idx" ON "photo_edits"("user_id", "status", "created_at");
