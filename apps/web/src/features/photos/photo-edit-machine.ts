import type { PhotoEdit } from './photo-edits-api';

/**
 * The AI edit dialogs' states (spec 2 §4): initial (the action button) → working (the job runs,
 * its progress pushed by the server) → comparison (original against the result) → applying → closed.
 * Keeping the original or closing goes back to initial.
 */
export type PhotoEditState =
  | {
      phase: 'initial';
      /** The edit that just failed and its spec error string, announced once. */
      failed?: { editId: string | null; error: string | null };
    }
  | {
      phase: 'working';
      /** Null while the start request is on its way. */
      edit: PhotoEdit | null;
      /** When the user asked (epoch ms), for the elapsed-time hint. */
      since: number;
    }
  | { phase: 'comparison'; edit: PhotoEdit }
  | { phase: 'applying'; edit: PhotoEdit };

export type PhotoEditEvent =
  | { type: 'start'; at: number }
  | { type: 'started'; edit: PhotoEdit }
  | { type: 'changed'; edit: PhotoEdit }
  | { type: 'startRefused' }
  | { type: 'liveLost'; error: string }
  | { type: 'apply' }
  | { type: 'applyFailed' }
  | { type: 'reset' };

export const initialPhotoEditState: PhotoEditState = { phase: 'initial' };

/** The server's word on an edit that is running: where it now stands in the dialog. */
function follow(current: PhotoEdit | null, since: number, edit: PhotoEdit): PhotoEditState {
  switch (edit.status) {
    case 'READY':
      return edit.resultUrl
        ? { phase: 'comparison', edit }
        : { phase: 'initial', failed: { editId: edit.id, error: null } };
    case 'FAILED':
      return { phase: 'initial', failed: { editId: edit.id, error: edit.error } };
    case 'APPLIED':
    case 'DISCARDED':
      return initialPhotoEditState;
    default:
      // Pushes can arrive out of order with the catch-up read: progress never runs backwards.
      return {
        phase: 'working',
        since,
        edit: { ...edit, progress: Math.max(edit.progress, current?.progress ?? 0) },
      };
  }
}

export function photoEditReducer(state: PhotoEditState, event: PhotoEditEvent): PhotoEditState {
  switch (event.type) {
    case 'start':
      return state.phase === 'initial' ? { phase: 'working', edit: null, since: event.at } : state;
    case 'started':
      return state.phase === 'working' && state.edit === null ? follow(null, state.since, event.edit) : state;
    case 'changed':
      return state.phase === 'working' && state.edit?.id === event.edit.id
        ? follow(state.edit, state.since, event.edit)
        : state;
    case 'startRefused':
      return state.phase === 'working' ? initialPhotoEditState : state;
    case 'liveLost':
      return state.phase === 'working'
        ? { phase: 'initial', failed: { editId: state.edit?.id ?? null, error: event.error } }
        : state;
    case 'apply':
      return state.phase === 'comparison' ? { phase: 'applying', edit: state.edit } : state;
    case 'applyFailed':
      return state.phase === 'applying' ? { phase: 'comparison', edit: state.edit } : state;
    case 'reset':
      return initialPhotoEditState;
  }
}

/** The edit whose result lives on the server until it is applied or discarded. */
export function pendingEditId(state: PhotoEditState): string | null {
  if (state.phase === 'working') return state.edit?.id ?? null;
  if (state.phase === 'comparison' || state.phase === 'applying') return state.edit.id;
  return null;
}

/** 0–100 for the progress bar. */
export function progressPercent(edit: PhotoEdit | null): number {
  return Math.round(Math.min(1, Math.max(0, edit?.progress ?? 0)) * 100);
}
