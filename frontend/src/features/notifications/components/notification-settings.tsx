import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FieldError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { QueryFallback } from '@/components/query-state';
import {
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
} from '@/features/notifications/api/notifications-api';
import { errorBody, fieldErrors } from '@/lib/api/api-error';
import type {
  NotificationInterval,
  NotificationKindSetting,
  NotificationSettings as Settings,
} from '@/lib/api/schema.generated';
import { showToast } from '@/lib/toast/toast-store';

export interface NotificationSettingsProps {
  userId: number;
  // Offered beside the disabled e-mail column while the address is unconfirmed (identity's resend).
  resendAction: ReactNode;
}

const kIntervals: readonly NotificationInterval[] = [
  'never',
  'immediately',
  'hourly',
  'daily',
  'weekly',
  'monthly',
];

type Channel = 'site' | 'email';
type Choices = Record<string, Record<Channel, NotificationInterval>>;

// The browser's zone (SPEC: detected, editable); the server checks the name against PostgreSQL's list.
function detectedTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', current]);
  return [...all].sort();
}

function initialChoices(settings: Settings): Choices {
  const choices: Choices = {};
  for (const group of settings.groups)
    for (const kind of group.kinds) choices[kind.kind] = { site: kind.site, email: kind.email };
  return choices;
}

interface RowProps {
  kind: NotificationKindSetting;
  choice: Record<Channel, NotificationInterval>;
  emailEnabled: boolean;
  error?: string;
  onChange: (channel: Channel, value: NotificationInterval) => void;
}

function KindRow({ kind, choice, emailEnabled, error, onChange }: RowProps) {
  const { t } = useTranslation('notifications');
  const label = t(kind.label_key as 'page.title', { defaultValue: kind.kind });
  const rowId = useId();
  const options = kIntervals.map((value) => ({ value, label: t(`intervals.${value}`) }));
  const select = (channel: Channel, disabled: boolean) => (
    <div className="notification-channel" data-testid={`interval-${kind.kind}-${channel}`}>
      <span className="notification-channel-name" id={`${rowId}-${channel}`}>
        {t(`page.${channel}`)}
      </span>
      <Dropdown
        value={choice[channel]}
        options={options}
        disabled={disabled}
        ariaLabelledBy={`${rowId}-label ${rowId}-${channel}`}
        onChange={(event) => onChange(channel, event.value as NotificationInterval)}
      />
    </div>
  );
  return (
    <li className="notification-kind" data-testid={`kind-${kind.kind}`}>
      <div className="notification-kind-text">
        <strong id={`${rowId}-label`}>{label}</strong>
        <span className="muted">{t(kind.description_key as 'page.title', { defaultValue: '' })}</span>
        {kind.locked && (
          <span className="muted">
            <span className="pi pi-lock" aria-hidden="true" /> {t('page.locked')}
          </span>
        )}
        <FieldError message={error} />
      </div>
      {select('site', kind.locked)}
      {select('email', kind.locked || !emailEnabled)}
    </li>
  );
}

function SettingsForm({
  userId,
  settings,
  resendAction,
}: { settings: Settings } & NotificationSettingsProps) {
  const { t } = useTranslation('notifications');
  const formId = useId();
  const [choices, setChoices] = useState<Choices>(() => initialChoices(settings));
  // A zone never chosen is UTC on the server: the browser's own is offered instead, saved with the form.
  const [timeZone, setTimeZone] = useState(() =>
    settings.time_zone === 'UTC' ? detectedTimeZone() : settings.time_zone,
  );
  const [quiet, setQuiet] = useState(settings.quiet_hours !== null);
  const [from, setFrom] = useState(settings.quiet_hours?.from ?? '22:00');
  const [to, setTo] = useState(settings.quiet_hours?.to ?? '08:00');
  const [update, { isLoading, error }] = useUpdateNotificationSettingsMutation();
  const errors = fieldErrors(error);
  const zones = useMemo(() => timeZones(timeZone), [timeZone]);

  // Field errors of one entry: the service names `preferences.<index>.<channel|kind>`.
  const kindsInOrder = settings.groups.flatMap((group) => group.kinds);
  const errorOf = (kind: string): string | undefined => {
    const index = kindsInOrder.findIndex((item) => item.kind === kind);
    const messages = [
      ...(errors[`preferences.${index}.kind`] ?? []),
      ...(errors[`preferences.${index}.site`] ?? []),
      ...(errors[`preferences.${index}.email`] ?? []),
    ];
    return messages[0];
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const preferences = kindsInOrder.map((kind) => {
      const choice = choices[kind.kind] ?? { site: kind.site, email: kind.email };
      // Without a confirmed e-mail the e-mail column is not sent (the server would refuse it).
      return settings.email_verified
        ? { kind: kind.kind, site: choice.site, email: choice.email }
        : { kind: kind.kind, site: choice.site };
    });
    const result = await update({
      id: userId,
      notificationSettingsInput: {
        time_zone: timeZone,
        quiet_hours: quiet ? { from, to } : null,
        preferences,
      },
    });
    if ('data' in result) showToast({ severity: 'success', summary: t('page.saved') });
    else showToast({ severity: 'error', summary: t('page.save_failed') });
  };

  const failure = errorBody(error);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${formId}-title`}>
      <div className="card">
        <h2 id={`${formId}-title`}>{t('page.title')}</h2>
        <p className="muted">{t('page.intro')}</p>
        <p className="muted">{t('page.digests_note')}</p>
        {!settings.email_verified && (
          <FormAlert severity="info">
            <span data-testid="email-unconfirmed">{t('page.email_unconfirmed')}</span> {resendAction}
          </FormAlert>
        )}
        {failure !== null && Object.keys(errors).length === 0 && (
          <FormAlert severity="error">{failure.message}</FormAlert>
        )}
        {settings.groups.length === 0 && <p className="muted">{t('page.empty')}</p>}
        {settings.groups.map((group) => (
          <section
            key={group.group}
            className="notification-group"
            aria-label={t(group.label_key as 'page.title')}
          >
            <h3>{t(group.label_key as 'page.title', { defaultValue: group.group })}</h3>
            <ul className="notification-kinds">
              {group.kinds.map((kind) => (
                <KindRow
                  key={kind.kind}
                  kind={kind}
                  choice={choices[kind.kind] ?? { site: kind.site, email: kind.email }}
                  emailEnabled={settings.email_verified}
                  error={errorOf(kind.kind)}
                  onChange={(channel, value) =>
                    setChoices((current) => ({
                      ...current,
                      [kind.kind]: {
                        ...(current[kind.kind] ?? { site: kind.site, email: kind.email }),
                        [channel]: value,
                      },
                    }))
                  }
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="card">
        <h2>{t('page.time')}</h2>
        <div className="field">
          <label className="field-label" htmlFor={`${formId}-zone`}>
            {t('page.time_zone')}
          </label>
          <Dropdown
            inputId={`${formId}-zone`}
            className="time-zone-field"
            value={timeZone}
            options={zones}
            filter
            data-testid="time-zone"
            onChange={(event) => setTimeZone(event.value as string)}
          />
          <FieldError message={errors.time_zone?.[0]} />
        </div>
        <div className="quiet-hours">
          <div className="checkbox">
            <Checkbox
              inputId={`${formId}-quiet`}
              checked={quiet}
              onChange={(event) => setQuiet(event.checked === true)}
            />
            <label htmlFor={`${formId}-quiet`}>{t('page.quiet_hours')}</label>
          </div>
          <p className="muted">{t('page.quiet_hours_hint')}</p>
          {quiet && (
            <div className="quiet-hours-times">
              <label>
                <span className="field-label">{t('page.quiet_from')}</span>
                <input
                  type="time"
                  className="p-inputtext"
                  value={from}
                  required
                  onChange={(event) => setFrom(event.target.value)}
                />
              </label>
              <label>
                <span className="field-label">{t('page.quiet_to')}</span>
                <input
                  type="time"
                  className="p-inputtext"
                  value={to}
                  required
                  onChange={(event) => setTo(event.target.value)}
                />
              </label>
            </div>
          )}
          {[...(errors['quiet_hours.from'] ?? []), ...(errors['quiet_hours.to'] ?? [])].map((message) => (
            <FieldError key={message} message={message} />
          ))}
        </div>
      </div>
      <Button
        type="submit"
        label={t('page.save')}
        loading={isLoading}
        data-testid="save-notification-settings"
      />
    </form>
  );
}

// The settings page's notifications section (settings/{id}/notifications), built from the server's registry:
// every module's kinds appear here by registering them.
export function NotificationSettings({ userId, resendAction }: NotificationSettingsProps) {
  const query = useGetNotificationSettingsQuery({ id: userId });
  const { data } = query;
  if (data === undefined) return <QueryFallback results={[query]} />;
  return <SettingsForm userId={userId} settings={data} resendAction={resendAction} />;
}
