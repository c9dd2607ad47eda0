-- AlterTable
ALTER TABLE "user_roles" ADD COLUMN     "granted_by" TEXT;

-- Until now ADMIN_EMAILS was the only way to the role.
UPDATE "user_roles" SET "granted_by" = 'admin-emails' WHERE "role" = 'admin';
