import {
  type EventEnvelopeOf,
  photoEditFailed,
  photoEditFinished,
  photoEditProgressed,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotoEditReportsService } from './photo-edit-reports.service.js';

/** The photo-edit worker's reports: each is idempotent, so a redelivered one changes nothing. */
@Controller()
export class RecordPhotoEditReports {
  constructor(private readonly reports: PhotoEditReportsService) {}

  @EventPattern<string>(photoEditProgressed.subject)
  progressed(@Payload() event: EventEnvelopeOf<typeof photoEditProgressed>): Promise<void> {
    return this.reports.recordProgress(event.data.editId, event.data.progress);
  }

  @EventPattern<string>(photoEditFinished.subject)
  finished(@Payload() event: EventEnvelopeOf<typeof photoEditFinished>): Promise<void> {
    return this.reports.recordFinished(event.data);
  }

  @EventPattern<string>(photoEditFailed.subject)
  failed(@Payload() event: EventEnvelopeOf<typeof photoEditFailed>): Promise<void> {
    return this.reports.recordFailed(event.data.editId, event.data.reason);
  }
}
