-- CreateTable
CREATE TABLE "prices" (
    "product_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'usd',
    "description" TEXT NOT NULL DEFAULT '',
    "features" JSONB NOT NULL DEFAULT '[]',
    "price_id" TEXT,
    "sort" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "prices_pkey" PRIMARY KEY ("product_id")
);

-- CreateTable
CREATE TABLE "purchases" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "product_id" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "provider" TEXT NOT NULL,
    "provider_session_id" TEXT NOT NULL,
    "promo_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "purchases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "purchases_user_id_created_at_idx" ON "purchases"("user_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "purchases_provider_session_key" ON "purchases"("provider", "provider_session_id");

-- Seed: the plans of spec §9 (the same values as PLANS in libs/domain; a test compares them).
INSERT INTO "prices" ("product_id", "name", "price_cents", "currency", "description", "features", "price_id", "sort") VALUES
    ('free', 'FREE', 0, 'usd', 'Try it out and preview your video.', '["Up to 5 minutes of video", "Up to 50 photos", "No AI photo editing", "Downloads not available", "Remove Background not included"]', NULL, 0),
    ('remember', 'Remember', 1900, 'usd', 'A lasting video of your memories.', '["Up to 10 minutes of video", "Up to 100 photos", "Basic AI photo editing"]', NULL, 1),
    ('honor', 'Honor', 3900, 'usd', 'More photos and advanced AI editing.', '["Up to 20 minutes of video", "Up to 200 photos", "Advanced AI photo editing"]', NULL, 2),
    ('cherish', 'Cherish', 5900, 'usd', 'The longest videos with our best AI editing.', '["Up to 60 minutes of video", "Up to 400 photos", "Best AI photo editing", "Highest Quality"]', NULL, 3);
