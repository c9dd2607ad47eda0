-- CreateTable
CREATE TABLE "photos" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "storage_path" TEXT NOT NULL,
    "original_name" TEXT NOT NULL,
    "display_order" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'accepted',
    "submitted_by" UUID,
    "filter" TEXT NOT NULL DEFAULT 'none',
    "transforms" JSONB NOT NULL DEFAULT '{}',
    "is_locked" BOOLEAN NOT NULL DEFAULT false,
    "controls" JSONB NOT NULL DEFAULT '{}',
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "photos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "photo_upload_reservations" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "photo_upload_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "photos_project_id_status_display_order_idx" ON "photos"("project_id", "status", "display_order");

-- CreateIndex
CREATE INDEX "photos_user_id_status_idx" ON "photos"("user_id", "status");

-- CreateIndex
CREATE INDEX "photo_upload_reservations_project_id_expires_at_idx" ON "photo_upload_reservations"("project_id", "expires_at");

-- AddForeignKey
ALTER TABLE "photos" ADD CONSTRAINT "photos_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "photo_upload_reservations" ADD CONSTRAINT "photo_upload_reservations_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
