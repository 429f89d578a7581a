// The account emails better-auth asks for: the address's verification link, a password link
// (ADMIN_EMAIL's owner gets theirs worded as the administrator's), and "this address already has
// an account" at a sign-up with a taken address. Jobs of the outbox (decision 044), written when
// sent, in the account's language then, else the language of the request that caused it (a new
// account has none saved yet: the sign-up's `lang` cookie or Accept-Language).
import type { Config } from '#server/config.ts';
import { defineEmails, queuedEmail } from '#server/email/outbox.ts';
import { chooseLanguage, type Language } from '#i18n/languages.ts';
import type { NewJob } from '#server/jobs/jobs.ts';

type Account = { id: string; name: string; email: string };

interface AccountMailArgs {
  user: Account;
  /** The language of the request that caused it: the account's own, when saved, wins. */
  requestLanguage: Language;
}

interface LinkMailArgs extends AccountMailArgs {
  link: string;
}

interface PasswordLinkArgs extends LinkMailArgs {
  /** ADMIN_EMAIL's account, not yet admin: this link is how its owner takes the role (admin-email.ts). */
  forAdmin: boolean;
}

declare module '#server/email/outbox.ts' {
  interface EmailKinds {
    'auth.existing-account': AccountMailArgs;
    'auth.password-link': PasswordLinkArgs;
    'auth.verify': LinkMailArgs;
  }
}

/** The language of the request behind an account email (no request: English). */
export function requestLanguageOf(request: Request | undefined): Language {
  return chooseLanguage({ cookieHeader: request?.headers.get('cookie') ?? undefined, acceptLanguage: request?.headers.get('accept-language') ?? undefined });
}

const account = (user: Account): Account => ({ id: user.id, name: user.name, email: user.email });

export const authEmailJobs = {
  existingAccount: (user: Account, requestLanguage: Language): NewJob => queuedEmail('auth.existing-account', { user: account(user), requestLanguage }, user.email),
  passwordLink: (user: Account, link: string, forAdmin: boolean, requestLanguage: Language): NewJob =>
    queuedEmail('auth.password-link', { user: account(user), link, forAdmin, requestLanguage }, user.email),
  verify: (user: Account, link: string, requestLanguage: Language): NewJob => queuedEmail('auth.verify', { user: account(user), link, requestLanguage }, user.email),
};

export function authEmails(config: Pick<Config, 'baseUrl'>) {
  return defineEmails({
    'auth.existing-account': async ({ user, requestLanguage }, to) => {
      const { t } = await to.readerOf(user.id, requestLanguage);
      return {
        to: user.email,
        subject: t.t('email.auth.existingSubject'),
        text: `${t.t('email.hello', { name: user.name })}\n\n${t.t('email.auth.existingBody', { url: `${config.baseUrl}/login` })}\n\n${t.t('email.auth.existingIgnore')}\n`,
      };
    },
    'auth.password-link': async ({ user, link, forAdmin, requestLanguage }, to) => {
      const { t } = await to.readerOf(user.id, requestLanguage);
      return {
        to: user.email,
        subject: t.t(forAdmin ? 'email.auth.adminSubject' : 'email.auth.resetSubject'),
        text: `${t.t('email.hello', { name: user.name })}\n\n${t.t(forAdmin ? 'email.auth.adminBody' : 'email.auth.resetBody')}\n\n${link}\n\n${t.t('email.auth.resetIgnore')}\n`,
        // The link signs in: not kept once sent (server/email/sent-email-repository.ts).
        secret: true,
      };
    },
    'auth.verify': async ({ user, link, requestLanguage }, to) => {
      const { t } = await to.readerOf(user.id, requestLanguage);
      return {
        to: user.email,
        subject: t.t('email.auth.verifySubject'),
        text: `${t.t('email.hello', { name: user.name })}\n\n${t.t('email.auth.verifyBody')}\n\n${link}\n`,
        secret: true,
      };
    },
  });
}
