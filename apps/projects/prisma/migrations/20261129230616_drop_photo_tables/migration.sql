-- DropForeignKey
ALTER TABLE "photos" DROP CONSTRAINT "photos_project_id_fkey";

-- DropForeignKey
ALTER TABLE "photo_upload_reservations" DROP CONSTRAINT "photo_upload_reservations_project_id_fkey";

-- DropForeignKey
ALTER TABLE "friend_upload_links" DROP CONSTRAINT "friend_upload_links_project_id_fkey";

-- DropTable
DROP TABLE "photos";

-- DropTable
DROP TABLE "photo_upload_reservations";

-- DropTable
DROP TABLE "friend_upload_links";
