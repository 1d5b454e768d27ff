import { utmFromUrl } from '@/features/marketing/model/utm';

describe('utmFromUrl', () => {
  it('is null without utm parameters', () => {
    expect(utmFromUrl(new URL('https://artel.test/en/login?x=1'))).toBeNull();
  });

  it('collects the utm fields and the visited URL', () => {
    const url = new URL('https://artel.test/ru?utm_source=tg&utm_campaign=spring&utm_medium=');
    expect(utmFromUrl(url)).toEqual({
      utm_source: 'tg',
      utm_campaign: 'spring',
      visited_url: 'https://artel.test/ru?utm_source=tg&utm_campaign=spring&utm_medium=',
    });
  });

  it("attributes a landing page's URL without utm to the landing page; its own utm wins", () => {
    expect(utmFromUrl(new URL('https://artel.test/ru/lp/create-order/logo-design'))).toEqual({
      utm_source: 'landing',
      utm_campaign: 'logo-design',
      visited_url: 'https://artel.test/ru/lp/create-order/logo-design',
    });
    expect(utmFromUrl(new URL('https://artel.test/en/lp/find-job/web-dev'))?.utm_campaign).toBe('web-dev');
    expect(utmFromUrl(new URL('https://artel.test/en/lp/find-job/web-dev?utm_source=vk'))?.utm_source).toBe(
      'vk',
    );
    expect(utmFromUrl(new URL('https://artel.test/en/lp/other/web-dev'))).toBeNull();
  });
});
