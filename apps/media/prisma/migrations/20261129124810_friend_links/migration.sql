-- AlterTable
ALTER TABLE "photos" ADD COLUMN     "link_id" UUID;

-- CreateTable
CREATE TABLE "friend_upload_links" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "inviter_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "hour_started_at" TIMESTAMPTZ(3),
    "hour_photos" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "friend_upload_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "friend_upload_links_project_id_created_at_idx" ON "friend_upload_links"("project_id", "created_at" DESC);
