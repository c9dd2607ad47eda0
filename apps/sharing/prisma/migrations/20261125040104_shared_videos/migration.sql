-- CreateTable
CREATE TABLE "shared_videos" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT,
    "share_title" TEXT NOT NULL,
    "author" TEXT,
    "message" TEXT,
    "show_view_count" BOOLEAN NOT NULL DEFAULT true,
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "last_viewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "og_image_url" TEXT,
    "video_settings" JSONB NOT NULL,
    "video_key" TEXT,

    CONSTRAINT "shared_videos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "share_views" (
    "id" BIGSERIAL NOT NULL,
    "share_id" UUID NOT NULL,
    "viewer_key" TEXT NOT NULL,
    "ip_key" TEXT NOT NULL,
    "viewed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "share_views_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "shared_videos_project_id_key" ON "shared_videos"("project_id");

-- CreateIndex
CREATE INDEX "shared_videos_user_id_created_at_idx" ON "shared_videos"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "share_views_share_id_viewer_key_viewed_at_idx" ON "share_views"("share_id", "viewer_key", "viewed_at");

-- CreateIndex
CREATE INDEX "share_views_ip_key_viewed_at_idx" ON "share_views"("ip_key", "viewed_at");

-- AddForeignKey
ALTER TABLE "share_views" ADD CONSTRAINT "share_views_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "shared_videos"("id") ON DELETE CASCADE ON UPDATE CASCADE;
