import type { ReactNode } from 'react';
import { Redirect } from '#web/app/guards/redirect.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import type { Role } from '#contract/common.ts';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * A user whose role is not in `roles` goes to /dashboard. Used inside
 * RequireAuth; the server enforces the same rule on every call.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslator();
  const { user, isPending } = useMe();
  if (isPending) return <Spinner label={t('layout.loadingRole')} />;
  if (!user || !roles.includes(user.role)) return <Redirect to="/dashboard" />;
  return children;
}

export function StudentOnly({ children }: { children: ReactNode }) {
  return <RequireRole roles={['student']}>{children}</RequireRole>;
}

export function TutorOnly({ children }: { children: ReactNode }) {
  return <RequireRole roles={['tutor']}>{children}</RequireRole>;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  return <RequireRole roles={['admin']}>{children}</RequireRole>;
}
