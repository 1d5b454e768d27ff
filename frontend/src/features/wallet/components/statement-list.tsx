import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { KeysetPages } from '@/components/keyset-pages';
import { QueryState } from '@/components/query-state';
import { ShowMoreButton } from '@/components/show-more-button';
import { useGetWalletStatementQuery } from '@/features/wallet/api/wallet-api';
import { formatAmount, kWalletCurrencies, type WalletCurrencyCode } from '@/features/wallet/model/money';
import type { WalletStatementLine } from '@/lib/api/schema.generated';
import { formatDateTime } from '@/lib/format/format';
import { useLanguage } from '@/lib/i18n/use-language';

export interface StatementFilters {
  currency: WalletCurrencyCode | null;
  direction: 'in' | 'out' | null;
  from: string;
  to: string;
}

const kNoFilters: StatementFilters = { currency: null, direction: null, from: '', to: '' };
const kKnownKinds = [
  'topup',
  'safe_deal',
  'transfer',
  'deal_fund',
  'deal_release',
  'deal_refund',
  'payout',
  'payout_returned',
];

function StatementRow({ line }: { line: WalletStatementLine }) {
  const { t } = useTranslation('wallet');
  const lang = useLanguage();
  const kind = kKnownKinds.includes(line.kind) ? line.kind : 'other';
  const incoming = !line.amount.startsWith('-');
  return (
    <li className="statement-line" data-testid="statement-line">
      <span
        className={`statement-icon pi ${incoming ? 'pi-arrow-down-left' : 'pi-arrow-up-right'}`}
        aria-hidden
      />
      <div className="statement-text">
        <span className="statement-kind">
          {t(`statement_list.kind.${kind}` as 'statement_list.kind.other')}
        </span>
        <span className="muted statement-meta">
          {t(`statement_list.counterparty.${line.counterparty}`)} · {formatDateTime(line.created_at, lang)}
        </span>
      </div>
      <span
        className={`statement-amount ${incoming ? 'statement-in' : 'statement-out'}`}
        data-testid="statement-amount"
      >
        {formatAmount(line.amount, line.currency, lang, true)}
      </span>
    </li>
  );
}

function StatementPage({
  filters,
  cursor,
  last,
  onMore,
}: {
  filters: StatementFilters;
  cursor: string | undefined;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { t } = useTranslation('wallet');
  const filtered =
    filters.currency !== null || filters.direction !== null || filters.from !== '' || filters.to !== '';
  const result = useGetWalletStatementQuery({
    currency: filters.currency ?? undefined,
    direction: filters.direction ?? undefined,
    from: filters.from === '' ? undefined : filters.from,
    to: filters.to === '' ? undefined : filters.to,
    cursor,
    limit: 20,
  });
  return (
    <QueryState
      result={result}
      isEmpty={(page) => cursor === undefined && page.items.length === 0}
      empty={
        <p className="muted statement-empty" data-testid="statement-empty">
          {t(filtered ? 'statement_list.empty_filtered' : 'statement_list.empty')}
        </p>
      }
    >
      {(page) => (
        <>
          <ul className="statement-lines">
            {page.items.map((line) => (
              <StatementRow key={line.id} line={line} />
            ))}
          </ul>
          {last && (
            <ShowMoreButton nextCursor={page.next_cursor} loading={result.isFetching} onMore={onMore} />
          )}
        </>
      )}
    </QueryState>
  );
}

// The statement: the ledger's lines of the user's wallets, newest first, with filters (currency, in or out, a
// period) and "show more".
export function StatementList() {
  const { t } = useTranslation('wallet');
  const [filters, setFilters] = useState<StatementFilters>(kNoFilters);
  const set = (patch: Partial<StatementFilters>) => setFilters((current) => ({ ...current, ...patch }));
  return (
    <section className="card statement" aria-labelledby="statement-title">
      <h2 id="statement-title">{t('statement_list.title')}</h2>
      <div className="statement-filters">
        <Dropdown
          aria-label={t('statement_list.all_currencies')}
          value={filters.currency ?? 'all'}
          options={[
            { value: 'all', label: t('statement_list.all_currencies') },
            ...kWalletCurrencies.map((code) => ({ value: code, label: code })),
          ]}
          onChange={(event) => {
            const value = event.value as WalletCurrencyCode | 'all';
            set({ currency: value === 'all' ? null : value });
          }}
          inputId="statement-currency"
        />
        <Dropdown
          aria-label={t('statement_list.all_directions')}
          value={filters.direction ?? 'all'}
          options={[
            { value: 'all', label: t('statement_list.all_directions') },
            { value: 'in', label: t('statement_list.direction_in') },
            { value: 'out', label: t('statement_list.direction_out') },
          ]}
          onChange={(event) => {
            const value = event.value as 'in' | 'out' | 'all';
            set({ direction: value === 'all' ? null : value });
          }}
          inputId="statement-direction"
        />
        <label className="statement-date">
          <span className="muted">{t('statement_list.from')}</span>
          <InputText
            type="date"
            value={filters.from}
            onChange={(event) => set({ from: event.target.value })}
          />
        </label>
        <label className="statement-date">
          <span className="muted">{t('statement_list.to')}</span>
          <InputText type="date" value={filters.to} onChange={(event) => set({ to: event.target.value })} />
        </label>
        <Button type="button" text label={t('statement_list.reset')} onClick={() => setFilters(kNoFilters)} />
      </div>
      <KeysetPages key={JSON.stringify(filters)}>
        {(page) => <StatementPage filters={filters} {...page} />}
      </KeysetPages>
    </section>
  );
}
