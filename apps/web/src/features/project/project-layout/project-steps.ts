import {
  ArrowUpDown,
  Clapperboard,
  Download,
  ImagePlus,
  type LucideIcon,
  Music,
  Palette,
  Share2,
  Sparkles,
  Wand2,
} from 'lucide-react';

/** The nine workflow steps in order (spec 2 §2); `path` is the segment under /project/{id}/. */
export interface ProjectStep {
  path: 'photos' | 'sort' | 'edit' | 'animate' | 'design' | 'music' | 'preview' | 'share' | 'download';
  label: string;
  icon: LucideIcon;
}

export const PROJECT_STEPS: readonly ProjectStep[] = [
  { path: 'photos', label: 'Add Photos', icon: ImagePlus },
  { path: 'sort', label: 'Sort Photos', icon: ArrowUpDown },
  { path: 'edit', label: 'Edit Photos', icon: Wand2 },
  { path: 'animate', label: 'Animate Photos', icon: Sparkles },
  { path: 'design', label: 'Design Video', icon: Palette },
  { path: 'music', label: 'Select Music', icon: Music },
  { path: 'preview', label: 'Preview Video', icon: Clapperboard },
  { path: 'share', label: 'Share Video', icon: Share2 },
  { path: 'download', label: 'Download Video', icon: Download },
];

/** Spec §5: every step after Add Photos needs a photo to work on. */
export const NEEDS_PHOTOS_MESSAGE = 'Please add at least one photo before proceeding';

export function isStepOpen(step: ProjectStep, photoCount: number): boolean {
  return step.path === 'photos' || photoCount > 0;
}

/** The step the address points at, or the first one for the bare project address. */
export function stepAt(pathname: string): ProjectStep {
  const segment = pathname.split('/')[3];
  return PROJECT_STEPS.find((step) => step.path === segment) ?? PROJECT_STEPS[0]!;
}
