import { accountDeletionPreviewSchema, type AccountDeletionPreview } from '#contract/my-data.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/me/deletion: what deleting the caller's account would do to their bookings now (read when they ask to delete, never cached). */
export async function getAccountDeletionPreview(): Promise<AccountDeletionPreview> {
  return accountDeletionPreviewSchema.parse(await apiRequest<unknown>('/me/deletion'));
}
