import type { PortfolioProject, PortfolioProjectInput } from '@/lib/api/schema.generated';

export const kMaxImages = 10;
export const kDescriptionMax = 500;
export const kMaxTools = 20;

export interface DraftImage {
  // An upload's id (new) or the project's image id (kept).
  id: number;
  thumbnail_url: string;
  cover: boolean;
}

export interface ProjectDraft {
  groupId: number | null;
  name: string;
  description: string;
  tools: string[];
  link: string;
  images: DraftImage[];
}

export function emptyProject(groupId: number | null = null): ProjectDraft {
  return { groupId, name: '', description: '', tools: [], link: '', images: [] };
}

export function projectDraft(project: PortfolioProject): ProjectDraft {
  return {
    groupId: project.group_id,
    name: project.name,
    description: project.description,
    tools: [...project.tools],
    link: project.link ?? '',
    images: project.images.map((image) => ({
      id: image.id,
      thumbnail_url: image.thumbnail_url,
      cover: image.is_cover,
    })),
  };
}

// Exactly one cover when there are images: the first one when none is marked (as the server decides).
function withCover(images: DraftImage[]): DraftImage[] {
  if (images.length === 0 || images.some((image) => image.cover)) return images;
  return images.map((image, index) => ({ ...image, cover: index === 0 }));
}

// New uploads go after the kept images, up to kMaxImages (the rest are left out: the caller says so).
export function addImages(images: readonly DraftImage[], added: readonly DraftImage[]): DraftImage[] {
  const room = Math.max(0, kMaxImages - images.length);
  return withCover([...images, ...added.slice(0, room).map((image) => ({ ...image, cover: false }))]);
}

export function setCover(images: readonly DraftImage[], id: number): DraftImage[] {
  return images.map((image) => ({ ...image, cover: image.id === id }));
}

export function removeImage(images: readonly DraftImage[], id: number): DraftImage[] {
  return withCover(images.filter((image) => image.id !== id));
}

// A tool typed into the chips field: trimmed, not repeated (case-insensitively), at most kMaxTools.
export function addTool(tools: readonly string[], tool: string): string[] {
  const name = tool.trim();
  if (name === '' || tools.length >= kMaxTools) return [...tools];
  if (tools.some((item) => item.toLowerCase() === name.toLowerCase())) return [...tools];
  return [...tools, name.slice(0, 50)];
}

export interface ProjectProblems {
  name?: 'name_required';
  description?: 'description_max';
}

export function projectProblems(draft: ProjectDraft): ProjectProblems {
  const problems: ProjectProblems = {};
  if (draft.name.trim() === '') problems.name = 'name_required';
  if (draft.description.length > kDescriptionMax) problems.description = 'description_max';
  return problems;
}

export function toProjectInput(draft: ProjectDraft): PortfolioProjectInput {
  const link = draft.link.trim();
  return {
    group_id: draft.groupId,
    name: draft.name.trim(),
    description: draft.description,
    tools: draft.tools,
    link: link === '' ? null : link,
    images: withCover(draft.images).map((image) => ({ id: image.id, cover: image.cover })),
  };
}
