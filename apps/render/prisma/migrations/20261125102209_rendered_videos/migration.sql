-- CreateTable
CREATE TABLE "rendered_videos" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "project_name" TEXT NOT NULL,
    "project_version" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT,
    "props" JSONB NOT NULL,
    "storage_key" TEXT,
    "size_bytes" INTEGER,
    "rendering_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rendered_videos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "render_chunks" (
    "render_id" UUID NOT NULL,
    "chunk_index" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "frame_from" INTEGER NOT NULL,
    "frame_to" INTEGER NOT NULL,
    "done_at" TIMESTAMPTZ(3),
    "rendered" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "render_chunks_pkey" PRIMARY KEY ("render_id","chunk_index")
);

-- CreateIndex
CREATE INDEX "rendered_videos_project_id_created_at_idx" ON "rendered_videos"("project_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "rendered_videos_project_id_project_version_idx" ON "rendered_videos"("project_id", "project_version");

-- AddForeignKey
ALTER TABLE "render_chunks" ADD CONSTRAINT "render_chunks_render_id_fkey" FOREIGN KEY ("render_id") REFERENCES "rendered_videos"("id") ON DELETE CASCADE ON UPDATE CASCADE;
