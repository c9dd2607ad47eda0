import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { GraphQLRequestError } from '../../lib/graphql';
import { initialPhotoEditState, pendingEditId, photoEditReducer } from './photo-edit-machine';
import {
  applyPhotoEdit,
  discardPhotoEdit,
  fetchPhotoEdit,
  PHOTO_EDIT_IN_PROGRESS,
  PHOTO_EDITS_QUEUE_FULL,
  type PhotoEditKind,
  startPhotoEdit,
  subscribePhotoEditChanged,
  UPGRADE_REQUIRED,
} from './photo-edits-api';
import { photoKeys } from './photo-queries';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';

const text = photosContent.aiEdits;

interface UsePhotoEditOptions {
  projectId: string;
  photo: Photo;
  kind: PhotoEditKind;
  /** The server said this project's plan does not include the edit. */
  onUpgradeRequired: () => void;
  /** The result is now the photo: the dialog closes. */
  onApplied: () => void;
}

/** Discarding is tidying up after the user moved on: nothing for them to act on if it fails. */
function discardQuietly(id: string) {
  discardPhotoEdit(id).catch(() => {});
}

/**
 * One AI edit of one photo, from the action button to apply or keep: starts the job, follows it
 * through `photoEditChanged` pushes (and one catch-up read once subscribed), and announces the outcome.
 */
export function usePhotoEdit({ projectId, photo, kind, onUpgradeRequired, onApplied }: UsePhotoEditOptions) {
  const queryClient = useQueryClient();
  const words = text[kind];
  const [state, dispatch] = useReducer(photoEditReducer, initialPhotoEditState);

  // The result waiting on the server, for a dialog that goes away without a word from the user.
  const pending = useRef<string | null>(null);
  pending.current = pendingEditId(state);
  useEffect(
    () => () => {
      if (pending.current) discardQuietly(pending.current);
    },
    [],
  );

  // Whether the user still waits for the start they asked for (they may have closed the dialog since).
  const awaitingStart = useRef(false);
  const start = useMutation({
    mutationFn: () => startPhotoEdit(photo.id, kind),
    onSuccess: (edit) => {
      if (!awaitingStart.current) return discardQuietly(edit.id);
      awaitingStart.current = false;
      dispatch({ type: 'started', edit });
    },
    onError: (error) => {
      if (!awaitingStart.current) return;
      awaitingStart.current = false;
      dispatch({ type: 'startRefused' });
      const code = error instanceof GraphQLRequestError ? error.code : '';
      if (code === UPGRADE_REQUIRED) onUpgradeRequired();
      else if (code === PHOTO_EDIT_IN_PROGRESS) toast.error(text.inProgress);
      else if (code === PHOTO_EDITS_QUEUE_FULL) toast.error(text.queueFull);
      else toast.error(words.failure, { description: error.message });
    },
  });

  const liveId = state.phase === 'working' ? (state.edit?.id ?? null) : null;
  useEffect(() => {
    if (!liveId) return;
    const controller = new AbortController();
    const live = subscribePhotoEditChanged(
      liveId,
      (edit) => dispatch({ type: 'changed', edit }),
      (error) => {
        dispatch({ type: 'liveLost', error: error.message || text.liveLost });
        discardQuietly(liveId);
      },
    );
    // A change pushed before the subscription was in place is in the edit's current state.
    live.ready
      .then(() => fetchPhotoEdit(liveId, controller.signal))
      .then((edit) => edit && dispatch({ type: 'changed', edit }))
      .catch(() => {});
    return () => {
      controller.abort();
      live.unsubscribe();
    };
  }, [liveId]);

  // The outcome, once per edit.
  const announced = useRef(new Set<string>());
  useEffect(() => {
    const once = (id: string | null, announce: () => void) => {
      const key = id ?? 'unknown';
      if (announced.current.has(key)) return;
      announced.current.add(key);
      announce();
    };
    if (state.phase === 'comparison') once(state.edit.id, () => toast.success(words.success));
    if (state.phase === 'initial' && state.failed) {
      const { editId, error } = state.failed;
      once(editId, () => toast.error(words.failure, error ? { description: error } : {}));
    }
  }, [state, words]);

  const apply = useMutation({
    mutationFn: (id: string) => applyPhotoEdit(id),
    onSuccess: (applied) => {
      queryClient.setQueryData<Photo[]>(photoKeys.list(projectId), (photos) =>
        photos?.map((each) => (each.id === applied.id ? applied : each)),
      );
      dispatch({ type: 'reset' });
      onApplied();
    },
    onError: (error) => {
      dispatch({ type: 'applyFailed' });
      toast.error(words.failure, { description: error.message });
    },
  });

  const begin = useCallback(() => {
    if (!photo.urls) {
      toast.error(words.failure, { description: text.noImageUrl });
      return;
    }
    awaitingStart.current = true;
    dispatch({ type: 'start', at: Date.now() });
    start.mutate();
  }, [photo.urls, start, words]);

  const confirm = useCallback(() => {
    if (state.phase !== 'comparison') return;
    dispatch({ type: 'apply' });
    apply.mutate(state.edit.id);
  }, [state, apply]);

  /** 'Keep Original', or closing the dialog: the result is let go, on the server too. */
  const keepOriginal = useCallback(() => {
    const id = pendingEditId(state);
    if (state.phase === 'applying') return;
    if (id) discardQuietly(id);
    awaitingStart.current = false;
    dispatch({ type: 'reset' });
  }, [state]);

  return { state, begin, confirm, keepOriginal };
}
