import { missingPartPath, type MissingPart } from '@/features/profiles/model/completeness';

describe('completeness links', () => {
  it('leads each missing part straight to the form that fills it', () => {
    const link = (part: MissingPart) => missingPartPath(part, 'ru', 7);
    expect(link('avatar')).toBe('/ru/settings/7/personal-data');
    expect(link('headline')).toBe('/ru/freelancer/7/about?edit=profile&field=headline');
    expect(link('about')).toBe('/ru/freelancer/7/about?edit=profile&field=about');
    expect(link('specialization')).toBe('/ru/freelancer/7/about?edit=profile&field=specializations');
    expect(link('skills')).toBe('/ru/freelancer/7/about?edit=profile&field=skills');
    expect(link('rate')).toBe('/ru/freelancer/7/about?edit=profile&field=rate');
    expect(link('location')).toBe('/ru/freelancer/7/about?edit=profile&field=location');
    expect(link('portfolio')).toBe('/ru/freelancer/7?edit=project');
    expect(link('prices')).toBe('/ru/freelancer/7/prices?edit=price');
  });
});
