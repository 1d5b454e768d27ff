import { ProgressBar } from 'primereact/progressbar';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { isProgressVisible, progressStore, type ProgressStore } from '@/lib/progress/progress-store';

export interface TopProgressBarProps {
  store?: ProgressStore;
}

export function TopProgressBar({ store = progressStore }: TopProgressBarProps) {
  const { t } = useTranslation('shell');
  const percent = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (!isProgressVisible(percent)) return null;
  return (
    <div
      className="top-progress"
      role="progressbar"
      aria-label={t('progress')}
      aria-valuenow={Math.round(percent)}
    >
      <ProgressBar value={percent} showValue={false} style={{ height: '3px' }} />
    </div>
  );
}
