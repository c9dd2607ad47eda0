-- CreateTable
CREATE TABLE "blobs" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "submitted_by" UUID,
    "storage_path" TEXT NOT NULL,
    "original_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'awaiting-upload',
    "size" INTEGER,
    "width" INTEGER,
    "height" INTEGER,
    "content_hash" TEXT,
    "thumbnails_of" TEXT,
    "upload_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stored_at" TIMESTAMPTZ(3),

    CONSTRAINT "blobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "blobs_project_id_idx" ON "blobs"("project_id");
