-- AlterTable
ALTER TABLE "photos" ADD COLUMN     "caption" JSONB,
ADD COLUMN     "display_order" INTEGER,
ADD COLUMN     "review" TEXT,
ADD COLUMN     "transforms" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "updated_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "photos_project_id_review_display_order_idx" ON "photos"("project_id", "review", "display_order");
