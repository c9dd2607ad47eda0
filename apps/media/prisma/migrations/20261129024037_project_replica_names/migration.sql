-- AlterTable
ALTER TABLE "projects" ADD COLUMN     "created_at" TIMESTAMPTZ(3),
ADD COLUMN     "name" TEXT,
ADD COLUMN     "named_at" TIMESTAMPTZ(3);
