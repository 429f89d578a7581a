import type { SessionStatus } from '#contract/sessions.ts';
import { statusLabel } from '#web/features/sessions/session-text.ts';

const tone: Record<SessionStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
};

/** The review status a tutor and admins see: Pending, Approved or Rejected (solid: outline colours lack contrast on white). */
export function StatusBadge({ status }: { status: SessionStatus }) {
  return <span className={`badge ${tone[status]}`}>{statusLabel[status]}</span>;
}
