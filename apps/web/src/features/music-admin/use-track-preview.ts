import { musicMessages } from '@memoreel/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

/** One audio element for the whole list: playing a track stops the one before. */
export function useTrackPreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current = null;
    },
    [],
  );

  const stop = () => {
    audio.current?.pause();
    setPlayingId(null);
  };

  const toggle = (track: { id: string; url: string }) => {
    if (playingId === track.id) return stop();
    if (!audio.current) {
      audio.current = new Audio();
      audio.current.addEventListener('ended', () => setPlayingId(null));
    }
    const player = audio.current;
    player.pause();
    player.src = track.url;
    setPlayingId(track.id);
    player.play().catch((error: unknown) => {
      // A newer toggle interrupted this one: not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlayingId((current) => (current === track.id ? null : current));
      toast.error(musicMessages.playFailed);
    });
  };

  return { playingId, toggle, stop };
}
