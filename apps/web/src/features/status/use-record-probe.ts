import { useMutation } from '@tanstack/react-query';
import { recordProbe } from './probe-operations';

/** Asks the projects service to store a probe; its completion then travels back over the live socket. */
export function useRecordProbe() {
  return useMutation({ mutationFn: recordProbe });
}
