import {
  Coffee,
  Contrast,
  FileImage,
  FlipHorizontal2,
  FlipVertical2,
  Lock,
  type LucideIcon,
  Moon,
  RotateCcw,
  RotateCw,
  Scaling,
  Smartphone,
  Sun,
  SunMoon,
  WifiOff,
  ZoomIn,
} from 'lucide-react';
import type { ToolId } from './tool-catalogue';

/** Spec §2 "Free image tools page": the page's texts, in one place. */
export const toolsPage = {
  title: 'Transform Your Images with Free Tools',
  badge: '100% Free Browser-Based Tools',
  note: 'Process your images right in your browser. No upload needed, no account required.',
  dropTitle: 'Drag & drop images here',
  dropSubtitle: 'or click to select files',
  dropHint: 'JPEG, PNG, GIF, WebP and HEIC photos',
  dropActive: 'Drop the images here',
  selectedLabel: 'Selected images',
  clearAll: 'Clear All',
  toolsTitle: 'Available Tools',
  searchPlaceholder: 'Search tools...',
  categoriesLabel: 'Tool categories',
  noTools: 'No tools match your search.',
  addImagesFirst: 'Add images to use a tool.',
  processedTitle: 'Processed Images',
  downloadAll: 'Download All',
  download: 'Download',
  enlarge: 'Enlarge comparison',
  before: 'Before',
  after: 'After',
  comparisonLabel: 'Comparison divider: drag or use the arrow keys',
  failedTitle: "These images weren't processed",
  refusedTitle: "These files weren't added",
  dismiss: 'Dismiss',
  tooLargeToPreview: 'Too large to preview',
  converting: (n: number) => `Reading ${n} image${n === 1 ? '' : 's'}…`,
} as const;

/** Shown under the dropzone until images are chosen: what "browser-based" means for the visitor. */
export const PROMISES = [
  { icon: Lock, text: 'Your photos never leave this device' },
  { icon: WifiOff, text: 'Keeps working offline once the page has loaded' },
  { icon: Smartphone, text: 'iPhone HEIC photos welcome' },
] as const;

export function selectedCount(n: number): string {
  return `${n} image(s) selected`;
}

/** '(x of y images)' while a run is active, '(n image(s))' after. */
export function processedCount(active: boolean, processed: number, total: number, results: number): string {
  return active ? `(${processed} of ${total} images)` : `(${results} image(s))`;
}

export function sizeReduced(savings: number): string {
  return `Size reduced by ${savings}%`;
}

export const TOOL_ICONS: Record<ToolId, LucideIcon> = {
  grayscale: Contrast,
  sepia: Coffee,
  invert: SunMoon,
  brighten: Sun,
  darken: Moon,
  compress: FileImage,
  'upscale-2x': ZoomIn,
  'upscale-4x': Scaling,
  'rotate-90-cw': RotateCw,
  'rotate-90-ccw': RotateCcw,
  'rotate-180': RotateCw,
  'flip-horizontal': FlipHorizontal2,
  'flip-vertical': FlipVertical2,
};
