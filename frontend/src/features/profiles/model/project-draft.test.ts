import {
  addImages,
  addTool,
  emptyProject,
  projectProblems,
  removeImage,
  setCover,
  toProjectInput,
  type DraftImage,
} from '@/features/profiles/model/project-draft';

const image = (id: number, cover = false): DraftImage => ({ id, thumbnail_url: `/t/${id}.webp`, cover });

describe('project draft', () => {
  it('makes the first image the cover when none is, and keeps exactly one cover', () => {
    const images = addImages([], [image(1), image(2)]);
    expect(images.map((item) => item.cover)).toEqual([true, false]);
    const moved = setCover(images, 2);
    expect(moved.map((item) => item.cover)).toEqual([false, true]);
    // Removing the cover makes the first remaining image the cover.
    expect(removeImage(moved, 2)).toEqual([image(1, true)]);
    expect(removeImage([image(1, true)], 1)).toEqual([]);
  });

  it('takes at most 10 images', () => {
    const many = Array.from({ length: 12 }, (_, index) => image(index + 1));
    expect(addImages([], many)).toHaveLength(10);
    expect(addImages(addImages([], many.slice(0, 9)), many.slice(9))).toHaveLength(10);
  });

  it('checks the name and the 500-character description', () => {
    expect(projectProblems({ ...emptyProject(), name: ' ' })).toEqual({ name: 'name_required' });
    expect(projectProblems({ ...emptyProject(), name: 'Лого', description: 'я'.repeat(500) })).toEqual({});
    expect(projectProblems({ ...emptyProject(), name: 'Лого', description: 'я'.repeat(501) })).toEqual({
      description: 'description_max',
    });
  });

  it('adds tools once each, trimmed', () => {
    expect(addTool(['Figma'], ' figma ')).toEqual(['Figma']);
    expect(addTool(['Figma'], ' Photoshop ')).toEqual(['Figma', 'Photoshop']);
    expect(addTool([], '   ')).toEqual([]);
  });

  it('sends the images with their cover, and no link as null', () => {
    const draft = { ...emptyProject(3), name: ' Лого ', link: ' ', images: [image(5), image(6)] };
    expect(toProjectInput(draft)).toEqual({
      group_id: 3,
      name: 'Лого',
      description: '',
      tools: [],
      link: null,
      images: [
        { id: 5, cover: true },
        { id: 6, cover: false },
      ],
    });
  });
});
