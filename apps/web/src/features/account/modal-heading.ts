import { authMessages } from '@memoreel/contracts';
import { viewHeadings } from './auth-labels';
import type { AuthModalState } from './auth-modal-state';

export interface ModalHeading {
  title: string;
  description: string;
  subtext?: string;
}

/** The title follows the mode, or the view for the views that are not a mode (reset, link, code). */
export function modalHeading({ mode, view }: Pick<AuthModalState, 'mode' | 'view'>): ModalHeading {
  if (mode === 'convert') return authMessages.modal.convert;
  if (view === 'sign_in' || view === 'sign_up') return authMessages.modal[view];
  return viewHeadings[view] ?? authMessages.modal.sign_in;
}
