import {
  Film,
  Heart,
  type LucideIcon,
  Music,
  Palette,
  Share2,
  ShieldCheck,
  Sparkles,
  Upload,
  Wand2,
} from 'lucide-react';
import type { SectionIntro } from './section';

/** Every word the landing page says, in one place, in the order the page says it. */

export const hero = {
  title: 'Turn cherished photos into a video worth keeping',
  lead: 'Gather the pictures that matter, add music and gentle motion, and share a keepsake with family and friends: for farewells, weddings, birthdays and every moment worth remembering.',
  start: 'Start Your Free Video',
  howItWorks: 'See how it works',
  promisesLabel: 'Our promises',
  promises: [
    { label: 'Secure & Private', icon: ShieldCheck },
    { label: 'AI-Powered', icon: Sparkles },
    { label: 'Made with Love', icon: Heart },
  ],
} as const;

export interface Point {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const features = {
  eyebrow: 'Features',
  title: 'Why Choose Memoreel',
  lead: "Everything you need to tell a life's story or celebrate a milestone, without learning video software.",
  points: [
    {
      title: 'Easy-to-Use Interface',
      description: 'Nine calm steps from your first photo to a finished video.',
      icon: Wand2,
    },
    {
      title: 'Customizable Design',
      description: 'Filters, gentle pan and zoom, and timing for every photo.',
      icon: Palette,
    },
    {
      title: 'Music & Effects Library',
      description: 'Choose a track that fits the moment and lets the story breathe.',
      icon: Music,
    },
    {
      title: 'Easy Sharing',
      description: 'One private link for family and friends, wherever they are.',
      icon: Share2,
    },
  ] satisfies Point[],
};

export const howItWorks = {
  eyebrow: 'How it works',
  title: "Three steps to a video they'll keep",
  lead: 'No video software to learn: Memoreel guides you through each step.',
  steps: [
    {
      title: 'Upload Your Photos',
      description: 'Add photos from your device, or invite friends to add theirs.',
      icon: Upload,
    },
    {
      title: 'Customize Your Video',
      description: 'Order the story, choose motion and music, set the pace.',
      icon: Film,
    },
    {
      title: 'Preview & Share',
      description: 'Watch it through, then share it with the people who matter.',
      icon: Share2,
    },
  ] satisfies Point[],
};

/**
 * A demo clip: a short loop Memoreel rendered from its own sample photos, and its first frame as a
 * poster (apps/web/public/demo, made by tools/bench/src/demo-clips/render-demo-clips.ts).
 */
export interface DemoClip {
  video: string;
  poster: string;
}

const demoClip = (name: string): DemoClip => ({ video: `/demo/${name}.mp4`, poster: `/demo/${name}.webp` });

/** Every clip's (and poster's) size in pixels: the box is laid out before either loads. */
export const DEMO_CLIP_SIZE = { width: 640, height: 360 } as const;

/** What a demo preview shows: a clip with a title card over it. */
export interface DemoReel {
  caption: string;
  detail: string;
  clip: DemoClip;
}

export interface Occasion extends SectionIntro {
  id: string;
  highlights: readonly string[];
  action: string;
  reel: DemoReel;
}

export const occasions: readonly Occasion[] = [
  {
    id: 'special-occasions',
    eyebrow: 'Special occasions',
    title: 'Celebrate the days you never want to forget',
    lead: 'Weddings, birthdays, graduations and anniversaries: turn the photos from the day into a video everyone can watch again.',
    highlights: ['Upbeat or tender music to match', 'Friends can add their own photos', 'Ready in minutes'],
    action: 'Create a Celebration Video',
    reel: { caption: 'Happy 40th, Maya', detail: 'A year of adventures', clip: demoClip('celebration') },
  },
  {
    id: 'loved-ones',
    eyebrow: 'Loved ones',
    title: 'Honour a life with the people who shared it',
    lead: 'A gentle tribute for a memorial service or a quiet evening at home, made at your own pace.',
    highlights: [
      'Calm transitions and soft motion',
      'Share one private link with family',
      'Play it at the service',
    ],
    action: 'Create a Memorial Video',
    reel: {
      caption: 'Forever in our hearts',
      detail: 'Margaret · 1941 – 2025',
      clip: demoClip('memorial'),
    },
  },
  {
    id: 'pet-memorial',
    eyebrow: 'Pet memorial',
    title: 'Remember the friend who was always there',
    lead: 'The walks, the naps in the sun, the muddy paws: a loving video for the pets who made a house a home.',
    highlights: ['Made for phone photos', 'Music that feels like them', 'Keep it private or share it'],
    action: 'Create a Pet Memorial',
    reel: { caption: 'Good boy, Biscuit', detail: '14 happy years', clip: demoClip('pet') },
  },
];

export const heroReel: DemoReel = {
  caption: 'Fifty years together',
  detail: 'Ruth & David · 1974 – 2024',
  clip: demoClip('hero'),
};

export const demoPreview = {
  label: (caption: string) => `Demo preview: ${caption}`,
  video: (caption: string) => `Sample video made with Memoreel: ${caption}`,
  play: 'Play demo video',
  pause: 'Pause demo video',
  unavailable: 'Video preview unavailable',
};

export const testimonials = {
  eyebrow: 'Testimonials',
  title: 'Stories from our families',
  lead: 'How people have used Memoreel to remember and to celebrate.',
  quotes: [
    {
      quote:
        "We played Dad's video at the service and everyone stayed to watch it twice. It was so simple to put together.",
      name: 'Sarah M.',
      occasion: 'Memorial for her father',
    },
    {
      quote:
        'Our guests sent their photos through the shared link, and the video was the surprise of the night.',
      name: 'James & Priya',
      occasion: '10th anniversary',
    },
    {
      quote:
        'I made a little film of our old dog Rosie on my phone in an evening. I watch it more than I expected.',
      name: 'Elena R.',
      occasion: 'Pet memorial',
    },
  ],
} as const;

export const closingCallToAction = {
  title: 'Ready to tell their story?',
  lead: 'Your first video is free. No account needed to begin: just bring the photos you love.',
  action: 'Start Creating Now',
};

export const faq = {
  eyebrow: 'FAQ',
  title: 'Frequently asked questions',
  lead: 'Answers about privacy, music, sharing, downloads and plans.',
  entries: [
    {
      question: 'Are my photos private?',
      answer:
        'Yes. Your photos and videos are only visible to you until you choose to share them. We never sell your photos or use them to advertise.',
    },
    {
      question: 'Can I add music to my video?',
      answer:
        'Yes. Choose from our library of calm, uplifting and celebratory tracks, and place them on the timeline where you want them to play. The music fades out gently at the end.',
    },
    {
      question: 'How do I share my video?',
      answer:
        'Every video gets a private link you can send to family and friends. They can watch it on any phone, tablet or computer without creating an account.',
    },
    {
      question: 'Can I download my video?',
      answer:
        'Downloads come with the Remember, Honor and Cherish plans. With the FREE plan you can create, preview and share your video online.',
    },
    {
      question: 'What is the difference between the plans?',
      answer:
        'Each plan is a one-time price for one project. Higher plans allow longer videos, more photos and better AI photo editing. You can start free and upgrade a project later.',
    },
    {
      question: 'Do I need an account to start?',
      answer:
        'No. Start right away as a guest, and create a free account whenever you like to keep your projects safe and reach them from anywhere.',
    },
  ],
} as const;
