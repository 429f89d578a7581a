import type { SessionStatus } from '#contract/sessions.ts';
import { useSessionText } from '#web/features/sessions/session-text.ts';

const tone: Record<SessionStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
  cancelled: 'badge-neutral',
};

/** The review status a tutor and admins see: Pending, Approved, Rejected or Cancelled (solid: outline colours lack contrast on white). */
export function StatusBadge({ status }: { status: SessionStatus }) {
  const { statusLabel } = useSessionText();
  return <span className={`badge ${tone[status]}`}>{statusLabel(status)}</span>;
}
