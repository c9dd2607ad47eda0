-- CreateTable
CREATE TABLE "photo_edits" (
    "id" UUID NOT NULL,
    "photo_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "source_key" TEXT NOT NULL,
    "result_key" TEXT NOT NULL,
    "result_width" INTEGER,
    "result_height" INTEGER,
    "result_bytes" INTEGER,
    "result_hash" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "photo_edits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "photo_edits_running_photo_idx" ON "photo_edits"("photo_id") WHERE (status IN ('queued', 'working'));

-- CreateIndex
CREATE INDEX "photo_edits_status_created_idx" ON "photo_edits"("status", "created_at");
