-- AlterTable
ALTER TABLE "blobs" ADD COLUMN     "rejection" TEXT;
