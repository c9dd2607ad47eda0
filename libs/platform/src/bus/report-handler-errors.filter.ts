import { type ArgumentsHost, Catch } from '@nestjs/common';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import type { Observable } from 'rxjs';
import { reportError } from '../telemetry/error-reporting.js';
import { EventDeliveryContext, RequestDeliveryContext } from './bus-transport.js';

/**
 * Every bus handler's failure passes here before Nest hides it behind a generic error: unexpected
 * ones go to Sentry (refusals do not, `isExpectedError`). An event or job is reported on its first
 * failed delivery only, so a message that fails on every retry is one report, not one per retry.
 */
@Catch()
export class ReportHandlerErrors extends BaseRpcExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): Observable<unknown> {
    const delivery = host.switchToRpc().getContext<unknown>();
    if (delivery instanceof EventDeliveryContext) {
      if (delivery.deliveryCount === 1) reportError(exception, { subject: delivery.subject });
    } else {
      reportError(exception, delivery instanceof RequestDeliveryContext ? { subject: delivery.subject } : {});
    }
    return super.catch(exception, host);
  }
}
