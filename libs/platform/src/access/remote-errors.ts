import { RemoteError } from '../bus/bus-client.js';
import { DomainError } from '../bus/domain-error.js';

/**
 * Runs a request to another service and passes its refusal on unchanged: the owner's "Project not
 * found" or "Authentication required" reaches the browser with its code, message and details.
 * Anything else (a timeout, no responder) stays an internal failure.
 */
export async function passRemoteErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RemoteError) throw new DomainError(error.code, error.message, error.details);
    throw error;
  }
}
