-- The seeded plans' AI editing lines say what each level gives (decision 0028: AI_EDITING in
-- libs/domain). Rows an operator changed since the seed are left as they are.
UPDATE "prices" SET "features" = '["Up to 10 minutes of video", "Up to 100 photos", "Basic AI photo editing: results up to 2048 px"]'
    WHERE "product_id" = 'remember' AND "features" = '["Up to 10 minutes of video", "Up to 100 photos", "Basic AI photo editing"]'::jsonb;
UPDATE "prices" SET "features" = '["Up to 20 minutes of video", "Up to 200 photos", "Advanced AI photo editing: results up to 4096 px"]'
    WHERE "product_id" = 'honor' AND "features" = '["Up to 20 minutes of video", "Up to 200 photos", "Advanced AI photo editing"]'::jsonb;
UPDATE "prices" SET "features" = '["Up to 60 minutes of video", "Up to 400 photos", "Best AI photo editing: full-size cut-outs, the AI upscaler on larger photos", "Highest Quality"]'
    WHERE "product_id" = 'cherish' AND "features" = '["Up to 60 minutes of video", "Up to 400 photos", "Best AI photo editing", "Highest Quality"]'::jsonb;
