import { projectMessages } from '@memoreel/domain';

/** The words of steps 5–7 (spec 2 §2); the timeline's toasts and rule texts live in libs/domain. */
export const videoStepsContent = {
  design: {
    title: 'Design Your Video',
    subtitle: 'Choose how long each photo stays on screen and how it gives way to the next.',
    cardTitle: 'Video Settings',
    cardDescription:
      'Every photo gets this time, or the nearest beat of your music; its motion stretches to fit.',
    durationLabel: 'Duration Per Photo (seconds)',
    totalLabel: 'Total Duration',
    totalDetail: (photos: number, seconds: number) =>
      `${photos} ${photos === 1 ? 'photo' : 'photos'} × ${seconds} s`,
    shorter: 'Quicker',
    longer: 'Slower',
    saveFailed: projectMessages.toasts.videoSettingsFailed,
    transition: {
      legend: 'Transition',
      hint: 'How one photo gives way to the next, in the preview and the video alike.',
      options: {
        'fade-to-black': {
          label: 'Fade through black',
          hint: 'Each photo fades out to black, the next fades in.',
        },
        fade: { label: 'Dissolve', hint: 'Each photo melts into the next.' },
        slide: { label: 'Slide', hint: 'The next photo pushes the last one off to the left.' },
        zoom: { label: 'Zoom', hint: 'The next photo fades in as it settles from a gentle zoom.' },
      },
    },
    format: {
      legend: 'Format',
      hint: 'The shape of your video. Changing it makes a new video; the last one of each shape is kept.',
      options: {
        '16:9': {
          label: 'Widescreen',
          detail: '16:9 · 1920 × 1080',
          hint: 'Televisions, computers, YouTube.',
        },
        '1:1': { label: 'Square', detail: '1:1 · 1080 × 1080', hint: 'Facebook and Instagram posts.' },
        '9:16': {
          label: 'Vertical',
          detail: '9:16 · 1080 × 1920',
          hint: 'Phones: stories, WhatsApp status, TikTok.',
        },
      },
    },
    cutOnBeat: {
      label: 'Cut on the beat',
      hint: 'Each photo changes on a beat of your music near its set time, so the cuts fall with the music.',
      noMusic: 'Pick music on the next step; your photos then change on its beats.',
      finding: 'Finding the beats of your music. The total updates in a moment.',
      noBeat: 'Your music keeps no steady beat, so each photo keeps its set time.',
      tempo: (bpm: number) => `Cuts follow your music's beat, ${Math.round(bpm)} beats a minute.`,
      totalDetail: (photos: number) => `${photos} ${photos === 1 ? 'photo' : 'photos'}, cut on the beat`,
    },
  },
  music: {
    title: 'Select Music',
    subtitle: 'Pick the music that plays under your photos. Tracks play one after another.',
    timelineTitle: 'Music Timeline',
    timelineEmpty: 'No music yet. Add a track below and it starts with your first photo.',
    videoLength: (length: string) => `Video ${length}`,
    musicLength: (length: string) => `Music ${length}`,
    tracksTitle: 'Available Music Tracks',
    tracksDescription: 'Listen first, then add a track to the end of your timeline.',
    tracksEmpty: 'No music tracks are available yet.',
    tracksFailed: 'The music library could not be loaded.',
    full: 'Your video is full of music. Remove a track to add another.',
    play: (title: string) => `Play ${title}`,
    pause: (title: string) => `Pause ${title}`,
    add: 'Add',
    addLabel: (title: string) => `Add ${title} to timeline`,
    remove: (title: string) => `Remove ${title}`,
    earlier: (title: string) => `Move ${title} earlier`,
    later: (title: string) => `Move ${title} later`,
    drag: (title: string) => `Drag ${title} to reorder`,
    plays: (from: string, to: string) => `${from} – ${to}`,
  },
  preview: {
    title: 'Preview Your Video',
    subtitle: 'Watch it as it will be made: your photos, their motion and your music.',
    loadingPlayer: 'Loading the player...',
    summary: (photos: number, length: string) => `${photos} ${photos === 1 ? 'photo' : 'photos'} · ${length}`,
    music: (titles: string) => `Music: ${titles}`,
    noMusic: 'No music yet',
    waitingForPhotos: 'Some photos are still being prepared; they appear here in a moment.',
  },
  saving: {
    waiting: 'Unsaved changes',
    saving: 'Saving...',
    saved: 'All changes saved',
    failed: 'Not saved',
  },
  needsPhotos: 'Add photos first',
} as const;
