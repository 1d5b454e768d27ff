import { kMenu } from '@/app/menu';
import { createRoutes } from '@/app/routes';

describe('composition of the features', () => {
  it('gives every route to exactly one feature', () => {
    const children = createRoutes()[1]?.children ?? [];
    const paths = children.map((route) => (route.index === true ? '(index)' : route.path));
    expect(paths).toContain('order/:id');
    expect(paths).toContain('freelancer/:id/reviews');
    expect(paths).toContain('customer/:id');
    expect(paths).toEqual(expect.arrayContaining(['freelancers', 'freelancers/:category', 'freelancer']));
    expect(paths).toEqual(
      expect.arrayContaining([
        'employer/create',
        'employer/:id',
        'employer/:id/edit',
        'employers/my',
        'employers',
        'vacancy/create',
        'vacancy/:id',
        'vacancy/:id/edit',
        'vacancies',
        'vacancies/my',
        'vacancies/:category',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("groups the features' menu entries in the user menu's order", () => {
    const section = (name: string) =>
      kMenu.filter((entry) => entry.section === name).map((entry) => entry.id);
    expect(section('top')).toEqual(['orders', 'freelancers', 'vacancies', 'articles']);
    expect(kMenu.find((entry) => entry.id === 'articles')?.to('en', null)).toBe('/en/articles');
    expect(kMenu.find((entry) => entry.id === 'freelancers')?.to('ru', null)).toBe('/ru/freelancers');
    expect(section('freelancer')).toEqual([
      'portfolio',
      'my-work',
      'about-me',
      'my-prices',
      'reviews-about-me',
      'my-resumes',
      'my-responses',
    ]);
    expect(kMenu.find((entry) => entry.id === 'portfolio')?.to('ru', 7)).toBe('/ru/freelancer/7');
    expect(kMenu.find((entry) => entry.id === 'my-prices')?.to('en', 7)).toBe('/en/freelancer/7/prices');
    expect(section('customer')).toEqual(['my-orders', 'customer-reviews', 'my-vacancies', 'companies']);
    const dropdown = kMenu.find((entry) => entry.id === 'vacancies')?.groups ?? [];
    expect(dropdown.map((group) => group.items.map((item) => item.to('en')))).toEqual([
      ['/en/resume/create', '/en/vacancies'],
      ['/en/vacancy/create', '/en/resumes'],
    ]);
    expect(kMenu.find((entry) => entry.id === 'my-resumes')?.to('ru', 7)).toBe('/ru/resumes/my');
    expect(kMenu.find((entry) => entry.id === 'my-responses')?.to('en', 7)).toBe('/en/resume/my-responses');
    expect(kMenu.find((entry) => entry.id === 'my-vacancies')?.to('en', 7)).toBe('/en/vacancies/my');
    expect(kMenu.find((entry) => entry.id === 'companies')?.to('ru', 7)).toBe('/ru/employers/my');
    expect(section('settings')).toEqual([
      'favourites',
      'searches',
      'wallet',
      'personal-data',
      'change-password',
      'notification-settings',
      'admin',
    ]);
    expect(kMenu.find((entry) => entry.id === 'wallet')?.to('ru', 7)).toBe('/ru/bill');
    expect(kMenu.find((entry) => entry.id === 'favourites')?.to('ru', 7)).toBe('/ru/favourites');
    expect(kMenu.find((entry) => entry.id === 'searches')?.to('en', 7)).toBe('/en/searches');
    expect(kMenu.find((entry) => entry.id === 'my-orders')?.to('en', 7)).toBe('/en/customer/7/orders');
    expect(new Set(kMenu.map((entry) => entry.id)).size).toBe(kMenu.length);
  });
});
