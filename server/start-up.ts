// What a process does between building the app and listening: says which settings a public
// server lacks, promotes ADMIN_EMAIL, seeds demo data into an empty database when asked. Apart
// from server/main.ts so a test can run it with a config and capture what it prints
// (docs/decisions/036-startup-and-photo-ownership.md).
import type { CoreDeps } from '#server/core-deps.ts';
import { offerAdminPassword } from '#server/auth/admin-email.ts';
import type { Config, UnsetSetting } from '#server/config.ts';
import { seedDemoIfEmpty } from '#server/demo-seed.ts';

/** Where the start's words go: the console in production, a list in a test. */
export interface StartUpOutput {
  /** Something the operator should fix. */
  warn(line: string): void;
  /** Something the operator asked for (DEMO_DATA's passwords). */
  print(line: string): void;
}

/** Why each setting matters on a public server, said at each start while it is unset. */
const UNSET_WARNINGS: Record<UnsetSetting, string> = {
  BASE_URL: 'BASE_URL is not set: links in emails and the same-origin check use http://localhost. Set it to the public address.',
  SMTP_URL: 'SMTP_URL is not set: no email leaves this server (verification, password reset, bookings); they are written to DATA_DIR/outbox and their links are not logged.',
  AUTH_SECRET: 'AUTH_SECRET is not set: sessions are signed with a secret generated into DATA_DIR/auth-secret. Set it (32+ characters) and share it between app processes.',
  STRIPE_SECRET_KEY: 'STRIPE_SECRET_KEY is not set: paid sessions cannot be booked.',
};

export async function startUp(config: Config, deps: CoreDeps, out: StartUpOutput): Promise<void> {
  if (config.env === 'production') for (const setting of config.unset) out.warn(UNSET_WARNINGS[setting]);

  // ADMIN_EMAIL's account, verified but not admin, is emailed the link that sets its password and
  // with it the role (once while that link is open); nothing is promoted here (admin-email.ts).
  if (config.adminEmail) await offerAdminPassword(deps.db, config.adminEmail, deps.now(), (email) => deps.auth.api.requestPasswordReset({ body: { email } }));

  if (config.demoData) {
    const seeded = await seedDemoIfEmpty(deps);
    if (seeded) {
      const lines = seeded.map((u) => `  ${u.role.padEnd(8)} ${u.email.padEnd(34)} ${u.password}`);
      out.print(`\nDemo data seeded. These passwords are shown only once:\n${lines.join('\n')}\n`);
    }
  }
}
