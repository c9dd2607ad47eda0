-- AlterTable
ALTER TABLE "users" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "admin_audit_entries" (
    "id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "admin_user_id" UUID NOT NULL,
    "admin_email" TEXT,
    "target_user_id" UUID NOT NULL,
    "target_project_id" UUID,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_audit_entries_target_idx" ON "admin_audit_entries"("target_user_id", "created_at");

-- CreateIndex
CREATE INDEX "admin_audit_entries_created_at_idx" ON "admin_audit_entries"("created_at");
