import type { SessionStatus } from '#contract/sessions.ts';
import { statusLabel } from '#web/features/sessions/session-text.ts';

const tone: Record<SessionStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
};

/** The review status a tutor and admins see: Pending, Approved or Rejected. */
export function StatusBadge({ status }: { status: SessionStatus }) {
  return <span className={`badge badge-outline ${tone[status]}`}>{statusLabel[status]}</span>;
}
