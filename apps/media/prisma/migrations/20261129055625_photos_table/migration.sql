-- The blobs table becomes the photos table (decision 0030, step C1 of docs/plans/photo-move.md).
-- Written by hand: Prisma's diff would drop the table and create it again, rows and all.
ALTER TABLE "blobs" RENAME TO "photos";
ALTER TABLE "photos" RENAME CONSTRAINT "blobs_pkey" TO "photos_pkey";
ALTER INDEX "blobs_project_id_idx" RENAME TO "photos_project_id_idx";
ALTER INDEX "blobs_staging_unswept_idx" RENAME TO "photos_staging_unswept_idx";
