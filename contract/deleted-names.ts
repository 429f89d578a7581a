// The name a deleted account leaves on what stays (its reviews, a roster, a tutor's sessions):
// stored as these words, shown by the web app in the page's language. A file of its own, without
// zod, so that the pages that show names do not carry the my-data schemas in their JavaScript.
export const DELETED_STUDENT_NAME = 'Former student';
export const DELETED_TUTOR_NAME = 'Former tutor';

/** A deleted account's row keeps an address in this reserved domain (decision 038). */
export const isDeletedEmail = (email: string) => email.endsWith('@deleted.invalid');
