import { RespondPanel } from '@/features/hiring/components/respond-panel';
import { WriteAboutResponse } from '@/features/messenger/components/write-message-button';
import type { VacancyRespondProps } from '@/features/vacancies/pages/vacancy-page';

// vacancy/{id}'s respond part (VacanciesSlots.Respond): hiring's button, dialog and "my response", with the
// messenger's "Write to the employer" about the response.
export function VacancyRespond({ vacancy }: VacancyRespondProps) {
  return <RespondPanel vacancy={vacancy} Contact={WriteAboutResponse} />;
}
