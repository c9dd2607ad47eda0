import { describe, expect, it } from 'vitest';
import { SAMPLE_EDIT_ID, samplePhotoEdit } from './fake-photos';
import {
  initialPhotoEditState,
  type PhotoEditState,
  pendingEditId,
  photoEditReducer,
  progressPercent,
} from './photo-edit-machine';

const edit = samplePhotoEdit;

const run = (...events: Parameters<typeof photoEditReducer>[1][]): PhotoEditState =>
  events.reduce(photoEditReducer, initialPhotoEditState);

describe('the AI edit dialog states', () => {
  it('goes initial → working → comparison → applying, and a reset goes back to initial', () => {
    const working = run({ type: 'start', at: 1_000 });
    expect(working).toEqual({ phase: 'working', edit: null, since: 1_000 });
    const started = photoEditReducer(working, { type: 'started', edit: edit() });
    expect(started).toMatchObject({ phase: 'working', since: 1_000, edit: { id: SAMPLE_EDIT_ID } });
    expect(pendingEditId(started)).toBe(SAMPLE_EDIT_ID);
    const ready = photoEditReducer(started, {
      type: 'changed',
      edit: edit({ status: 'READY', progress: 1, resultUrl: '/r.png' }),
    });
    expect(ready).toMatchObject({ phase: 'comparison', edit: { resultUrl: '/r.png' } });
    const applying = photoEditReducer(ready, { type: 'apply' });
    expect(applying.phase).toBe('applying');
    expect(photoEditReducer(applying, { type: 'applyFailed' }).phase).toBe('comparison');
    expect(photoEditReducer(applying, { type: 'reset' })).toEqual(initialPhotoEditState);
  });

  it('keeps progress from running backwards and ignores pushes for another edit', () => {
    const state = run(
      { type: 'start', at: 0 },
      { type: 'started', edit: edit() },
      { type: 'changed', edit: edit({ status: 'WORKING', progress: 0.6 }) },
      { type: 'changed', edit: edit({ status: 'WORKING', progress: 0.3 }) },
      { type: 'changed', edit: edit({ id: 'edit-2', status: 'READY', resultUrl: '/other.png' }) },
    );
    expect(state.phase).toBe('working');
    expect(state.phase === 'working' && progressPercent(state.edit)).toBe(60);
  });

  it('a failed edit returns to initial carrying its spec error string', () => {
    const state = run(
      { type: 'start', at: 0 },
      { type: 'started', edit: edit() },
      { type: 'changed', edit: edit({ status: 'FAILED', error: 'Enhancement failed: out of memory' }) },
    );
    expect(state).toEqual({
      phase: 'initial',
      failed: { editId: SAMPLE_EDIT_ID, error: 'Enhancement failed: out of memory' },
    });
    expect(pendingEditId(state)).toBeNull();
  });

  it('a READY edit without a result is a failure, not an empty comparison', () => {
    const state = run({ type: 'start', at: 0 }, { type: 'started', edit: edit({ status: 'READY' }) });
    expect(state).toEqual({ phase: 'initial', failed: { editId: SAMPLE_EDIT_ID, error: null } });
  });

  it('a refused start and a lost live connection go back to initial; clicks in the wrong state do nothing', () => {
    expect(run({ type: 'start', at: 0 }, { type: 'startRefused' })).toEqual(initialPhotoEditState);
    expect(
      run({ type: 'start', at: 0 }, { type: 'started', edit: edit() }, { type: 'liveLost', error: 'gone' }),
    ).toEqual({ phase: 'initial', failed: { editId: SAMPLE_EDIT_ID, error: 'gone' } });
    expect(run({ type: 'apply' })).toEqual(initialPhotoEditState);
    const working = run({ type: 'start', at: 5 });
    expect(photoEditReducer(working, { type: 'start', at: 9 })).toBe(working);
  });

  it('clamps the progress to 0–100', () => {
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent(edit({ progress: 1.4 }))).toBe(100);
    expect(progressPercent(edit({ progress: 0.333 }))).toBe(33);
  });
});
