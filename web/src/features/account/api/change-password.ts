import { changePasswordBody } from '#contract/auth.ts';
import type { z } from 'zod';
import { apiRequest } from '#web/lib/api-client.ts';

/** better-auth's POST /api/auth/change-password: the current password, then the new one (other devices signed out when asked). */
export async function changePassword(body: z.infer<typeof changePasswordBody>): Promise<void> {
  await apiRequest('/auth/change-password', { method: 'POST', body });
}
