import { type EventEnvelopeOf, photoReplaced } from '@memoreel/contracts';
import { runOnce } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ProjectsDatabase } from '../database/projects-database.js';

const CONSUMER = 'replace-photo-image-when-edit-applied';

/** An AI edit was applied in media: the photo row names its new object and size, once. */
@Controller()
export class ReplacePhotoImageWhenEditApplied {
  constructor(private readonly database: ProjectsDatabase) {}

  @EventPattern<string>(photoReplaced.subject)
  async handle(@Payload() event: EventEnvelopeOf<typeof photoReplaced>): Promise<void> {
    const { id, projectId, storagePath, width, height } = event.data;
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'projects', CONSUMER, event.id, async () => {
        // A photo deleted meanwhile has no row to change.
        await tx.photo.updateMany({ where: { id, projectId }, data: { storagePath, width, height } });
      });
    });
  }
}
