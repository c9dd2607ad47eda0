-- The plan's AI editing level an edit runs at (decision 0028); edits from before levels ran at advanced.
ALTER TABLE "photo_edits" ADD COLUMN "level" TEXT NOT NULL DEFAULT 'advanced';
