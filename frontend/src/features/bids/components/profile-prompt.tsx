import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';

export interface ProfilePromptProps {
  visible: boolean;
  onHide: () => void;
}

// After the performer's first bid: complete the profile (portfolio, skills, specialization), SPEC §1.
export function ProfilePrompt({ visible, onHide }: ProfilePromptProps) {
  const { t } = useTranslation('orders');
  return (
    <Dialog
      header={t('bids.profile_prompt_title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(480px, 95vw)' }}
      footer={<Button label={t('bids.profile_prompt_ok')} onClick={onHide} />}
    >
      <p data-testid="profile-prompt">{t('bids.profile_prompt_text')}</p>
    </Dialog>
  );
}
