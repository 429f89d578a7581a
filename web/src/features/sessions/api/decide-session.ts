import { sessionSchema, type ApproveSessionBody, type CancelSessionBody, type RejectSessionBody, type Session } from '#contract/sessions.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** What each decision sends. */
export type Decisions = {
  /** Admin: the fee in dollars (0 = free) and an optional capacity. */
  approve: ApproveSessionBody;
  /** Admin: a reason and feedback, both required. */
  reject: RejectSessionBody;
  /** Its tutor while nobody has paid, or an admin: a reason its students are told. */
  cancel: CancelSessionBody;
};

/** POST /api/sessions/{id}/{approve|reject|cancel}: the session as it now is. */
export async function decideSession<K extends keyof Decisions>(decision: K, id: string, body: Decisions[K]): Promise<Session> {
  return sessionSchema.parse(await apiRequest<unknown>(`/sessions/${encodeURIComponent(id)}/${decision}`, { method: 'POST', body }));
}
