-- CreateTable
CREATE TABLE "music_tracks" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "artist" TEXT,
    "duration" DOUBLE PRECISION NOT NULL,
    "storage_path" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "music_tracks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "music_seeds" (
    "key" TEXT NOT NULL,
    "track_id" UUID NOT NULL,
    "seeded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "music_seeds_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "music_tracks_storage_path_key" ON "music_tracks"("storage_path");

-- CreateIndex
CREATE INDEX "music_tracks_created_at_idx" ON "music_tracks"("created_at" DESC);
