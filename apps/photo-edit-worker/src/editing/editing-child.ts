import type { EditingMessage, EditingRequest } from './child-process-editing.js';
import { InProcessEditing } from './in-process-editing.js';
import { editingOptionsFromEnv } from './photo-editing.config.js';

// The photo-edit process of standalone mode: the models, driven by its parent over IPC.
const editing = new InProcessEditing(editingOptionsFromEnv(process.env));
const send = (message: EditingMessage) => process.send?.(message);

process.on('message', async (request: EditingRequest) => {
  try {
    const done = await editing.edit(
      request.kind,
      request.input,
      request.output,
      (progress) => send({ id: request.id, progress }),
      request.level,
    );
    send({ id: request.id, ok: true, ...done });
  } catch (error) {
    send({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

// The parent going away (or asking) ends us.
const stop = () => void editing.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('disconnect', stop);
