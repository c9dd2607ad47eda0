-- AlterTable
ALTER TABLE "photos" ADD COLUMN "caption" JSONB;
