// A deleted account's name, kept on its reviews, past sessions and past bookings
// (contract/my-data.ts), in the page's language; any other name as it is.
import { DELETED_STUDENT_NAME, DELETED_TUTOR_NAME } from '#contract/deleted-names.ts';
import { useTranslator } from './i18n.ts';

export function usePersonName(): (name: string) => string {
  const { t } = useTranslator();
  return (name) => (name === DELETED_STUDENT_NAME ? t('people.formerStudent') : name === DELETED_TUTOR_NAME ? t('people.formerTutor') : name);
}
