-- CreateIndex
CREATE INDEX "render_chunks_hash_idx" ON "render_chunks"("hash");
