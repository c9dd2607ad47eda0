import type { VideoSettings } from '@memoreel/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project } from '../project/project-api';
import { projectKeys } from '../project/queries';
import { fetchVideoSettings, saveVideoSettings, type VideoSettingsChange } from './video-settings-api';

export const videoSettingsKey = (projectId: string) =>
  [...projectKeys.detail(projectId), 'video-settings'] as const;

/** The whole video_settings of a project (steps 5–7); the project query carries only durationPerPhoto. */
export function useVideoSettings(projectId: string) {
  return useQuery({
    queryKey: videoSettingsKey(projectId),
    queryFn: ({ signal }) => fetchVideoSettings(projectId, signal),
  });
}

/** Saves a change; the stored settings replace the cached ones, and the project's card follows. */
export function useSaveVideoSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VideoSettingsChange) => saveVideoSettings(projectId, change),
    // A step opened again before the answer arrives starts from the change, not from before it.
    onMutate: (change: VideoSettingsChange) => {
      queryClient.setQueryData<VideoSettings>(videoSettingsKey(projectId), (settings) =>
        settings ? applyChange(settings, change) : settings,
      );
    },
    onSuccess: (settings: VideoSettings) => {
      queryClient.setQueryData(videoSettingsKey(projectId), settings);
      queryClient.setQueryData<Project>(projectKeys.detail(projectId), (project) =>
        project
          ? {
              ...project,
              videoSettings: { ...project.videoSettings, durationPerPhoto: settings.durationPerPhoto },
            }
          : project,
      );
      return queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}

function applyChange(settings: VideoSettings, change: VideoSettingsChange): VideoSettings {
  if ('durationPerPhoto' in change) return { ...settings, durationPerPhoto: change.durationPerPhoto };
  if ('cutOnBeat' in change) return { ...settings, cutOnBeat: change.cutOnBeat };
  if ('transition' in change) return { ...settings, transition: change.transition };
  if ('width' in change) return { ...settings, width: change.width, height: change.height };
  if ('font' in change)
    return { ...settings, opening: change.opening, closing: change.closing, font: change.font };
  return { ...settings, music: { ...settings.music, timelineTracks: change.music.timelineTracks } };
}
