import enTexts from '@catalog/en/primereact.json';
import ruTexts from '@catalog/ru/primereact.json';
import { render, screen } from '@testing-library/react';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';

import { i18n } from '@/lib/i18n/i18n';
import { toPrimeLocale } from '@/lib/i18n/prime-locale';

// The texts PrimeReact ships (its `en` locale), read from a fresh copy of the module: the app's copy has ours.
async function shippedLocale(): Promise<Record<string, unknown>> {
  vi.resetModules();
  const fresh = await import('primereact/api');
  return fresh.localeOptions('en') as Record<string, unknown>;
}

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    child !== null && typeof child === 'object' && !Array.isArray(child)
      ? keysOf(child as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('PrimeReact locale from the primereact namespace', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('has every key of PrimeReact’s locale, in both languages', async () => {
    const shipped = keysOf(await shippedLocale());
    for (const texts of [enTexts, ruTexts]) {
      const ours = keysOf(toPrimeLocale(texts));
      expect(shipped.filter((key) => !ours.includes(key))).toEqual([]);
    }
    expect(keysOf(ruTexts).sort()).toEqual(keysOf(enTexts).sort());
  });

  it('a date picker in ru shows Russian month and day names, Monday first', async () => {
    await i18n.changeLanguage('ru');
    render(<Calendar inline value={new Date(2026, 10, 24)} />);
    expect(screen.getByText('Ноябрь')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 3)).toEqual(['Пн', 'Вт', 'Ср']);
    expect(screen.getByRole('button', { name: 'Предыдущий месяц' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать год' })).toBeInTheDocument();
  });

  it('switches back with the language: en is Sunday first', async () => {
    await i18n.changeLanguage('ru');
    await i18n.changeLanguage('en');
    render(<Calendar inline value={new Date(2026, 10, 24)} />);
    expect(screen.getByText('November')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toBe('Su');
  });

  it('a dropdown in ru labels its clear button in Russian', async () => {
    await i18n.changeLanguage('ru');
    const { container } = render(
      <Dropdown value={1} options={[{ label: 'Один', value: 1 }]} showClear onChange={() => undefined} />,
    );
    const clear = container.querySelector('.p-dropdown-clear-icon');
    expect(clear?.getAttribute('aria-label')).toBe('Очистить');
  });
});
