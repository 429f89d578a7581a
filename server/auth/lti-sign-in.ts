// A launch from a learning platform (server/features/lti) signs its user in here, the way every
// other sign-in does: through better-auth, so that the account is made by its hooks (our role and
// name rules) and the session by its own code (the blocked check, the sign-in's record, the signed
// cookie). A server-only endpoint: `auth.api.ltiSignIn` from our launch route, never an URL of
// /api/auth/*. docs/decisions/062-lti-tool.md.
import { randomBytes } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/** The account of a platform's user: better-auth's `account` row of this provider, whose accountId is the platform's `sub`. */
export const ltiProviderId = (platformId: string) => `lti:${platformId}`;

/**
 * The address an account from a launch is given when the platform sends none, or one another
 * account has: never another's account taken over by a claim, never a mailbox (RFC 6761's
 * `.localhost` domain resolves to no one).
 */
const placeholderEmail = () => `lti-${randomBytes(8).toString('hex')}@lti.studynest.localhost`;

const ltiSignInBody = z.object({
  platformId: z.string(),
  sub: z.string(),
  email: z.string().optional(),
  name: z.string(),
  /** The role a new account is given (student or tutor; an existing account keeps its own). */
  role: z.enum(['student', 'tutor']),
});

export function ltiSignIn() {
  return {
    id: 'studynest-lti-sign-in',
    endpoints: {
      ltiSignIn: createAuthEndpoint.serverOnly({ method: 'POST', body: ltiSignInBody }, async (ctx) => {
        const { platformId, sub, email, name, role } = ctx.body;
        const adapter = ctx.context.internalAdapter;
        const providerId = ltiProviderId(platformId);
        const account = await adapter.findAccountByKey({ providerId, accountId: sub });
        let userId = account?.userId;
        let created = false;
        if (!userId) {
          // An address from the platform is the account's only while no other account has it:
          // linking by address would let a platform's claim take over someone's account.
          const address = email && !(await adapter.findUserByEmail(email.toLowerCase())) ? email : placeholderEmail();
          const made = await adapter.createOAuthUser({ email: address, name, emailVerified: false, role } as never, { providerId, accountId: sub });
          userId = made.user.id;
          created = true;
        }
        const user = await adapter.findUserById(userId);
        if (!user) throw new Error('The account of this launch is gone');
        const session = await adapter.createSession(userId);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ userId, created });
      }),
    },
  } satisfies BetterAuthPlugin;
}
