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
});
