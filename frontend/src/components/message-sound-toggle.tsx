import { InputSwitch } from 'primereact/inputswitch';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { isMessageSoundOn, setMessageSoundOn, subscribeMessageSound } from '@/lib/sound/message-sound';

// The settings' switch of the new-message sound.
export function MessageSoundToggle() {
  const { t } = useTranslation('messenger');
  const on = useSyncExternalStore(subscribeMessageSound, isMessageSoundOn);
  return (
    <section className="card settings-sound" data-testid="message-sound">
      <h2>{t('sound.title')}</h2>
      <label className="switch-row">
        <InputSwitch
          checked={on}
          onChange={(event) => setMessageSoundOn(event.value === true)}
          inputId="message-sound"
          data-testid="message-sound-switch"
        />
        <span>{t('sound.label')}</span>
      </label>
    </section>
  );
}
