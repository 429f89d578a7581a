// The email that gives a large "Download my data" archive's link once it is built: a job of the
// outbox (decision 044), written when sent, in the account's language then.
import { defineEmails, queuedEmail } from '#server/email/outbox.ts';
import type { NewJob } from '#server/jobs/jobs.ts';

interface ArchiveReadyArgs {
  user: { id: string; name: string; email: string };
  /** Where the archive is downloaded from (a token of its own, kept a few days). */
  link: string;
}

declare module '#server/email/outbox.ts' {
  interface EmailKinds {
    'my-data.archive-ready': ArchiveReadyArgs;
  }
}

export function archiveReadyEmailJob(user: ArchiveReadyArgs['user'], link: string): NewJob {
  return queuedEmail('my-data.archive-ready', { user: { id: user.id, name: user.name, email: user.email }, link }, user.email);
}

export const myDataEmails = defineEmails({
  'my-data.archive-ready': async ({ user, link }, to) => {
    const { t } = await to.readerOf(user.id);
    return {
      to: user.email,
      subject: t.t('email.myData.subject'),
      text: [t.t('email.hello', { name: user.name }), '', t.t('email.myData.ready'), '', link, '', t.t('email.myData.notYou'), '', 'StudyNest'].join('\n'),
    };
  },
});
