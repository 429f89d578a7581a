import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema, type NotificationSettings, type UpdateNotificationSettingsBody } from '#contract/notifications.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/me/notifications: which optional emails the caller gets. */
export const notificationSettingsQuery = queryOptions({
  queryKey: ['me', 'notifications'],
  queryFn: async () => notificationSettingsSchema.parse(await apiRequest<unknown>('/me/notifications')),
});

/** PUT /api/me/notifications: turn optional emails on or off. */
export async function updateNotificationSettings(body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(await apiRequest<unknown>('/me/notifications', { method: 'PUT', body }));
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQuery);
}
