-- AlterTable
ALTER TABLE "photos" DROP COLUMN "filter_set_at";
