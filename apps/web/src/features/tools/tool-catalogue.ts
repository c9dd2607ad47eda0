/** Spec §2 "Free image tools page" and §9 "Image tool output": the thirteen tools and what each writes. */

export const TOOL_CATEGORIES = ['Basic', 'Adjustments', 'Resize', 'Rotation', 'Flipping'] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/** Per-pixel colour tools (one output pixel from the same input pixel). */
export type PixelToolId = 'grayscale' | 'sepia' | 'invert' | 'brighten' | 'darken';
/** Tools that only move pixels (or resample them). */
export type GeometryToolId =
  | 'upscale-2x'
  | 'upscale-4x'
  | 'rotate-90-cw'
  | 'rotate-90-ccw'
  | 'rotate-180'
  | 'flip-horizontal'
  | 'flip-vertical';
export type ToolId = PixelToolId | GeometryToolId | 'compress';

export interface ImageTool {
  id: ToolId;
  name: string;
  category: ToolCategory;
  description: string;
}

export const IMAGE_TOOLS: readonly ImageTool[] = [
  { id: 'grayscale', name: 'Grayscale', category: 'Basic', description: 'Black and white' },
  { id: 'sepia', name: 'Sepia', category: 'Basic', description: 'Warm vintage tone' },
  { id: 'invert', name: 'Invert', category: 'Basic', description: 'Negative colours' },
  { id: 'brighten', name: 'Brighten', category: 'Adjustments', description: '20% brighter' },
  { id: 'darken', name: 'Darken', category: 'Adjustments', description: '20% darker' },
  { id: 'compress', name: 'Compress', category: 'Adjustments', description: 'Smaller JPEG' },
  { id: 'upscale-2x', name: '2x Upscale', category: 'Resize', description: 'Double the size' },
  {
    id: 'upscale-4x',
    name: '4x Upscale',
    category: 'Resize',
    description: 'Four times the size',
  },
  { id: 'rotate-90-cw', name: '90° CW', category: 'Rotation', description: 'Turn clockwise' },
  { id: 'rotate-90-ccw', name: '90° CCW', category: 'Rotation', description: 'Turn anticlockwise' },
  { id: 'rotate-180', name: '180°', category: 'Rotation', description: 'Turn upside down' },
  { id: 'flip-horizontal', name: 'Horizontal', category: 'Flipping', description: 'Mirror left–right' },
  { id: 'flip-vertical', name: 'Vertical', category: 'Flipping', description: 'Mirror top–bottom' },
];

export function toolById(id: ToolId): ImageTool {
  const tool = IMAGE_TOOLS.find((candidate) => candidate.id === id);
  if (!tool) throw new Error(`Unknown image tool: ${id}`);
  return tool;
}

export function isPixelTool(id: ToolId): id is PixelToolId {
  return id === 'grayscale' || id === 'sepia' || id === 'invert' || id === 'brighten' || id === 'darken';
}

/** The search box matches names case-insensitively; a chosen category chip narrows further. */
export function filterTools(query: string, category: ToolCategory | null): ImageTool[] {
  const needle = query.trim().toLowerCase();
  return IMAGE_TOOLS.filter(
    (tool) => (!category || tool.category === category) && tool.name.toLowerCase().includes(needle),
  );
}

/** Every output is JPEG: quality 0.5 for Compress, 0.9 for the rest (spec §9). */
export function outputEncoding(id: ToolId): { type: 'image/jpeg'; quality: number } {
  return { type: 'image/jpeg', quality: id === 'compress' ? 0.5 : 0.9 };
}

export const BRIGHTEN_FACTOR = 1.2;
export const DARKEN_FACTOR = 0.8;
