import { forgetPhotos, SYSTEM } from '@memoreel/contracts';
import { BusClient, LOGGER, type Logger } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';

/**
 * Projects still decides upload reservations from a copy of each photo (until the intake moves here,
 * docs/plans/photo-move.md C5). When media deletes photos, those copies go at once, so the quota the
 * owner reads next has the places back; `media.photo.deleted` does the same later if projects did not
 * answer.
 */
@Injectable()
export class QuotaCopies {
  constructor(
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async forget(projectId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.bus.request(forgetPhotos, SYSTEM, { projectId, ids: [...ids] });
    } catch (error) {
      this.logger.warn(
        { err: error, projectId },
        "projects' quota copies not dropped at once; the event will",
      );
    }
  }
}
