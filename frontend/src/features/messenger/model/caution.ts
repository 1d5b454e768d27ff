import type { TFunction } from 'i18next';

// The anti-fraud caution under a received message (CONTRACT-10 `caution`): the kinds the server found, named
// in the interface language, in a list joined as the language joins one.
const kKinds = ['phone', 'email', 'card', 'messenger', 'off_platform'] as const;
type Kind = (typeof kKinds)[number];

function isKind(kind: string): kind is Kind {
  return (kKinds as readonly string[]).includes(kind);
}

export function cautionText(
  kinds: readonly string[],
  t: TFunction<'messenger'>,
  lang: string,
): string | null {
  const known = kinds.filter(isKind);
  if (known.length === 0) return null;
  const names = [...new Set(known)].map((kind) => t(`caution.kinds.${kind}`));
  const list = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(names);
  return t('caution.text', { kinds: list });
}
