import { notificationSettingsSchema, type UpdateNotificationSettingsBody } from '#contract/notifications.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { notificationSettingsQueryKey } from './use-notification-settings.ts';
import { useSaveAndKeep } from './use-save-and-keep.ts';

/** PUT /api/me/notifications: turn optional emails on or off. */
export function useUpdateNotificationSettings() {
  return useSaveAndKeep(notificationSettingsQueryKey, async (input: UpdateNotificationSettingsBody) =>
    notificationSettingsSchema.parse(await apiRequest<unknown>('/me/notifications', { method: 'PUT', body: input })),
  );
}
