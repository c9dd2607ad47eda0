-- AlterTable
ALTER TABLE "blobs" ADD COLUMN     "subjects" JSONB,
ADD COLUMN     "subjects_of" TEXT;
